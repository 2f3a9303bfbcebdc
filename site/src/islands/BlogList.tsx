import { useId, useMemo, useState } from 'react'
import { allTags, filterPosts, type BlogListItem } from '../lib/blog-search.ts'
import { useHydrated } from './use-hydrated.ts'
import './blog-list.css'

type Props = { posts: BlogListItem[] }

const NO_POSTS = 'Henüz blog yazısı bulunmuyor.'
const NO_RESULTS = 'Aramanızla eşleşen yazı bulunamadı.'

/** Published posts with a Turkish-aware search (title, excerpt, text) and an exact tag filter. */
export function BlogList({ posts }: Props) {
  const [query, setQuery] = useState('')
  const [tag, setTag] = useState<string | null>(null)
  const searchId = useId()
  const hydrated = useHydrated()
  const tags = useMemo(() => allTags(posts), [posts])
  const visible = useMemo(() => filterPosts(posts, query, tag), [posts, query, tag])
  const filtering = query.trim() !== '' || tag !== null

  if (posts.length === 0) return <p className="empty-state">{NO_POSTS}</p>

  return (
    <div className="blog-list">
      <div className="blog-list__tools">
        <form className="blog-list__search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId}>Blog yazılarında ara</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="Başlık, özet veya içerikte ara..."
            autoComplete="off"
            disabled={!hydrated}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        {tags.length > 0 && (
          <div className="blog-list__tags" role="group" aria-label="Etikete göre filtrele">
            <button
              type="button"
              className="blog-list__tag"
              aria-pressed={tag === null}
              disabled={!hydrated}
              onClick={() => setTag(null)}
            >
              Tümü
            </button>
            {tags.map((t) => (
              <button
                key={t}
                type="button"
                className="blog-list__tag"
                aria-pressed={tag === t}
                disabled={!hydrated}
                onClick={() => setTag((current) => (current === t ? null : t))}
              >
                {t}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="blog-list__summary" role="status" aria-live="polite">
        {filtering ? `${visible.length} yazı bulundu` : `${posts.length} yazı`}
      </p>
      {visible.length === 0 ? (
        <div className="empty-state">
          <p>{NO_RESULTS}</p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              setQuery('')
              setTag(null)
            }}
          >
            Aramayı temizle
          </button>
        </div>
      ) : (
        <ul className="blog-list__grid">
          {visible.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function BlogCard({ post }: { post: BlogListItem }) {
  return (
    <article className="card post-card">
      {post.image ? (
        <img
          className="card__media"
          src={post.image}
          alt=""
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="card__media post-card__placeholder" aria-hidden="true" />
      )}
      <div className="card__body">
        <p className="card__meta">
          <time dateTime={post.createdAt}>{post.dateText}</time>
          {post.author && <> · {post.author}</>}
        </p>
        <h2 className="card__title">
          <a className="post-card__link" href={`/blog/${encodeURIComponent(post.id)}`}>
            {post.title}
          </a>
        </h2>
        <p className="card__text">{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul className="tags" aria-label="Etiketler">
            {post.tags.map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        )}
        <span className="card__more" aria-hidden="true">
          Devamını oku →
        </span>
      </div>
    </article>
  )
}
