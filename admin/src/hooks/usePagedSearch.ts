import { useCallback, useState } from 'react'

/** Page and search text of a paged admin list; a new search starts again at page 1. */
export function usePagedSearch() {
  const [page, setPage] = useState(1)
  const [q, setQ] = useState('')
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
  return { page, q, setPage, search, keepInRange }
}

/** The paged list state usePagedSearch returns. */
export type PagedSearch = ReturnType<typeof usePagedSearch>
