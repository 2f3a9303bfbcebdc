import { useId, useState } from 'react'
import { msg } from '#schema/messages.ts'
import type { BlogListProps } from '../lib/blog-search.ts'
import { BlogCardGrid } from './BlogCard.tsx'
import { BlogSearchResults } from './BlogSearchResults.tsx'
import { useBlogSearch } from './use-blog-search.ts'
import { useHydrated } from './use-hydrated.ts'
import './blog-list.css'

/**
 * The blog list: this page's cards as the page rendered them, and a Turkish-aware search (title, excerpt, body)
 * with an exact tag filter over all published posts, answered by /api/blog-search.
 */
export function BlogList({ posts, tags, page, pageCount, total }: BlogListProps) {
  const search = useBlogSearch()
  const searchId = useId()
  const tagsId = useId()
  const hydrated = useHydrated()
  // On phones the tag chips fold behind 'Etiketler', so the search box and its results stay above the fold.
  const [tagsOpen, setTagsOpen] = useState(false)
  const { state, active } = search

  if (total === 0 && posts.length === 0) return <p className="empty-state">{msg.blogNoPosts}</p>

  const summary = !active
    ? pageCount > 1
      ? `${total} yazı · Sayfa ${page} / ${pageCount}`
      : `${total} yazı`
    : state.status === 'done'
      ? `${state.total} yazı bulundu`
      : ''

  return (
    <div className="blog-list" data-searching={active || undefined}>
      <div className="blog-list__tools">
        <form className="blog-list__search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId}>Blog yazılarında ara</label>
          <input
            id={searchId}
            type="search"
            value={search.query}
            placeholder="Başlık, özet veya içerikte ara..."
            autoComplete="off"
            maxLength={200}
            disabled={!hydrated}
            onChange={(event) => search.setQuery(event.target.value)}
          />
        </form>
        {tags.length > 0 && (
          <button
            type="button"
            className="blog-list__tags-toggle"
            aria-expanded={tagsOpen}
            aria-controls={tagsId}
            disabled={!hydrated}
            onClick={() => setTagsOpen((open) => !open)}
          >
            Etiketler
            {search.tag !== null && <span className="blog-list__tags-chosen">: {search.tag}</span>}
          </button>
        )}
        {tags.length > 0 && (
          <div
            id={tagsId}
            className={`blog-list__tags${tagsOpen ? ' is-open' : ''}`}
            role="group"
            aria-label="Etikete göre filtrele"
          >
            <button
              type="button"
              className="blog-list__tag"
              aria-pressed={search.tag === null}
              disabled={!hydrated}
              onClick={() => search.setTag(null)}
            >
              Tümü
            </button>
            {tags.map((t) => (
              <button
                key={t}
                type="button"
                className="blog-list__tag"
                aria-pressed={search.tag === t}
                disabled={!hydrated}
                onClick={() => search.setTag((current) => (current === t ? null : t))}
              >
                {t}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="blog-list__summary" role="status" aria-live="polite">
        {summary}
      </p>
      {active ? (
        <BlogSearchResults state={state} onMore={search.more} onClear={search.clear} />
      ) : (
        <BlogCardGrid cards={posts} />
      )}
    </div>
  )
}
