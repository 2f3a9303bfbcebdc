import { formatDate } from '../lib/dates.ts'
import type { BlogCardData } from '../lib/blog-search.ts'
import { PictureImg } from './PictureImg.tsx'

/** One post card; the title link is stretched over the card so the whole card opens the post. */
export function BlogCard({ post }: { post: BlogCardData }) {
  return (
    <article className="card post-card">
      {post.image ? (
        <PictureImg
          className="card__media"
          picture={post.picture ?? { src: post.image, width: 800, height: 500, sources: [] }}
          alt=""
          sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
        />
      ) : (
        <div className="card__media post-card__placeholder" aria-hidden="true" />
      )}
      <div className="card__body">
        <p className="card__meta">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          {post.author && <> · {post.author}</>}
        </p>
        <h2 className="card__title">
          <a className="post-card__link" href={`/blog/${encodeURIComponent(post.slug || post.id)}`}>
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

/** A grid of post cards. */
export function BlogCardGrid({ cards }: { cards: readonly BlogCardData[] }) {
  return (
    <ul className="blog-list__grid">
      {cards.map((post) => (
        <li key={post.id}>
          <BlogCard post={post} />
        </li>
      ))}
    </ul>
  )
}
