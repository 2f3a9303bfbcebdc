import { msg } from '#schema/messages.ts'
import { BlogCardGrid } from './BlogCard.tsx'
import type { SearchState } from './use-blog-search.ts'

type Props = {
  state: SearchState
  /** Loads the next page of results (or tries again after a failure). */
  onMore: () => void
  /** Ends the search and shows the page's own posts again. */
  onClear: () => void
}

/** Results of a search: the cards so far, a loading line, the error with a retry, the empty state, 'more'. */
export function BlogSearchResults({ state, onMore, onClear }: Props) {
  const { status, cards, page, pageCount } = state
  if (status === 'done' && cards.length === 0) {
    return (
      <div className="empty-state">
        <p>{msg.blogNoResults}</p>
        <button type="button" className="btn btn--outline" onClick={onClear}>
          Aramayı temizle
        </button>
      </div>
    )
  }
  return (
    <div className="blog-list__results" aria-busy={status === 'loading' || undefined}>
      {cards.length > 0 && <BlogCardGrid cards={cards} />}
      {status === 'loading' && <p className="blog-list__loading">{msg.loading}</p>}
      {status === 'error' && (
        <div className="blog-list__error" role="alert">
          <p>{msg.blogLoadPublicError}</p>
          <button type="button" className="btn btn--outline" onClick={onMore}>
            Tekrar dene
          </button>
        </div>
      )}
      {status === 'done' && page < pageCount && (
        <div className="blog-list__more">
          <button type="button" className="btn btn--outline" onClick={onMore}>
            Daha fazla yazı göster
          </button>
        </div>
      )}
    </div>
  )
}
