import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchSearchPage, type BlogCardData } from '../lib/blog-search.ts'

/** Results shown while a search or tag is active. */
export type SearchState = {
  status: 'idle' | 'loading' | 'error' | 'done'
  cards: BlogCardData[]
  total: number
  page: number
  pageCount: number
}

const idle: SearchState = { status: 'idle', cards: [], total: 0, page: 0, pageCount: 0 }
const DEBOUNCE_MS = 250

/** The search words and tag of the address (?q=…&etiket=…), so a search can be shared or reloaded. */
function fromAddress(): { q: string; tag: string | null } {
  const params = new URLSearchParams(window.location.search)
  return { q: params.get('q') ?? '', tag: params.get('etiket') || null }
}

function toAddress(q: string, tag: string | null) {
  const url = new URL(window.location.href)
  if (q) url.searchParams.set('q', q)
  else url.searchParams.delete('q')
  if (tag) url.searchParams.set('etiket', tag)
  else url.searchParams.delete('etiket')
  window.history.replaceState(window.history.state, '', url)
}

/**
 * Search state of the blog list: the typed words (searched 250 ms after typing stops), the chosen tag, and the
 * pages of results fetched from /api/blog-search; answers to an older search are dropped.
 */
export function useBlogSearch() {
  const [query, setQuery] = useState('')
  const [searched, setSearched] = useState('')
  const [tag, setTag] = useState<string | null>(null)
  const [state, setState] = useState<SearchState>(idle)
  const latest = useRef(0)
  const active = searched !== '' || tag !== null

  useEffect(() => {
    const start = fromAddress()
    setQuery(start.q)
    setSearched(start.q.trim())
    setTag(start.tag)
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => setSearched(query.trim()), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  const load = useCallback(
    async (page: number) => {
      const id = ++latest.current
      setState((s) => ({ ...s, status: 'loading', ...(page === 1 ? { cards: [] } : {}) }))
      const result = await fetchSearchPage({ q: searched, tag, page })
      if (id !== latest.current) return
      if (!result) return setState((s) => ({ ...s, status: 'error' }))
      setState((s) => ({
        status: 'done',
        cards: page === 1 ? result.cards : [...s.cards, ...result.cards],
        total: result.total,
        page,
        pageCount: result.pageCount,
      }))
    },
    [searched, tag],
  )

  useEffect(() => {
    if (typeof window !== 'undefined' && latest.current > 0) toAddress(searched, tag)
    if (!active) {
      latest.current++
      setState(idle)
      return
    }
    void load(1)
  }, [active, load, searched, tag])

  return {
    query,
    setQuery,
    tag,
    setTag,
    active,
    state,
    /** Fetches the next page of results (after the shown ones), or the first again after a failure. */
    more: () => void load(state.cards.length === 0 ? 1 : state.page + 1),
    clear: () => {
      setQuery('')
      setSearched('')
      setTag(null)
    },
  }
}
