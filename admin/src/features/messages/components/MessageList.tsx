import { useEffect, type ReactNode } from 'react'
import type { ContactMessage } from '#schema/contact-message.ts'
import type { Paged } from '#schema/paging.ts'
import { ListPager } from '../../../components/ListPager.tsx'
import { ListSearch } from '../../../components/ListSearch.tsx'
import { EmptyState } from '../../../components/ui/EmptyState.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import type { PagedSearch } from '../../../hooks/usePagedSearch.ts'
import type { UseQueryResult } from '@tanstack/react-query'
import { MessageCard } from './MessageCard.tsx'

type Props = {
  paging: PagedSearch
  query: UseQueryResult<Paged<ContactMessage>>
  /** Shown when there are no messages at all (not when a search finds none). */
  emptyText: string
  loadErrorText: string
  /** Name of the pager for screen readers. */
  pagerLabel: string
  archived?: boolean
  actions?: (message: ContactMessage) => ReactNode
}

/** Search box, one page of message cards and the pager, shared by the inbox and the archive. */
export function MessageList({
  paging,
  query,
  emptyText,
  loadErrorText,
  pagerLabel,
  archived,
  actions,
}: Props) {
  const { page, q, setPage, search, keepInRange } = paging
  const data = query.data
  useEffect(() => {
    if (data) keepInRange(data.data.length, data.total, data.pageSize)
  }, [data, keepInRange])
  return (
    <>
      <ListSearch
        label="Mesajlarda ara"
        placeholder="Ad, e-posta, konu veya mesaj"
        initial={q}
        onSearch={search}
      />
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !data ? (
        <LoadError fallback={loadErrorText} error={query.error} />
      ) : data.total === 0 ? (
        <EmptyState>{q ? 'Aramanızla eşleşen mesaj bulunamadı.' : emptyText}</EmptyState>
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <div className="stack">
            {data.data.map((m) => (
              <MessageCard key={m.id} message={m} archived={archived} actions={actions?.(m)} />
            ))}
          </div>
          <ListPager
            label={pagerLabel}
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        </div>
      )}
    </>
  )
}
