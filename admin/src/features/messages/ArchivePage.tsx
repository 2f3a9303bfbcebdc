import { msg } from '#schema/messages.ts'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { usePagedSearch } from '../../hooks/usePagedSearch.ts'
import { useArchivedMessages } from './api/get-messages.ts'
import { MessageList } from './components/MessageList.tsx'

/** /admin/iletisim-arsiv: read messages, a page at a time, with sent and read times. */
export default function ArchivePage() {
  const paging = usePagedSearch()
  const messages = useArchivedMessages({ page: paging.page, q: paging.q })
  return (
    <>
      <PageHeader
        title="Mesaj Arşivi"
        description={
          messages.data && !paging.q
            ? `${messages.data.total.toLocaleString('tr-TR')} arşivlenmiş mesaj`
            : undefined
        }
      />
      <MessageList
        paging={paging}
        query={messages}
        emptyText={msg.noArchive}
        loadErrorText={msg.archiveLoadError}
        pagerLabel="Arşiv sayfaları"
        archived
      />
    </>
  )
}
