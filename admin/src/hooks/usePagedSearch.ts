import { useCallback, useState } from 'react'

/** Page and search text of a paged admin list; a new search starts again at page 1. */
export function usePagedSearch() {
  const [page, setPage] = useState(1)
  const [q, setQ] = useState('')
  /** 'scheduled': only items scheduled for later (issue 21). */
  const [state, setStateRaw] = useState<'all' | 'scheduled'>('all')
  const setState = useCallback((next: 'all' | 'scheduled') => {
    setStateRaw(next)
    setPage(1)
  }, [])
  const search = useCallback((text: string) => {
    setQ(text)
    setPage(1)
  }, [])
  /** After a delete empties the last page, step back to the page that now is last. */
  const keepInRange = useCallback(
    (shown: number, total: number, pageSize: number) => {
      if (shown === 0 && total > 0 && page > 1) setPage(Math.ceil(total / pageSize))
    },
    [page],
  )
  return { page, q, state, setState, setPage, search, keepInRange }
}

/** The paged list state usePagedSearch returns. */
export type PagedSearch = ReturnType<typeof usePagedSearch>
