import { msg } from '#schema/messages.ts'
import { errorText } from '../../lib/api-client.ts'
import { useTimedMessage } from '../../hooks/useTimedMessage.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Notice } from '../../components/ui/Notice.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { usePagedSearch } from '../../hooks/usePagedSearch.ts'
import { useArchivedMessages, useUnreadMessages } from './api/get-messages.ts'
import { useMarkRead } from './api/mark-read.ts'
import { MessageList } from './components/MessageList.tsx'

const count = (n: number) => n.toLocaleString('tr-TR')

/** /admin/iletisim-mesajlari: unread messages, a page at a time, with an 'Okundu' button each. */
export default function UnreadMessagesPage() {
  const paging = usePagedSearch()
  const messages = useUnreadMessages({ page: paging.page, q: paging.q })
  const markRead = useMarkRead()
  // A failed 'Okundu' is said in the page (an error banner, announced), not in a browser alert.
  const { message, show } = useTimedMessage(5000)
  // With read messages in the archive, an empty inbox is 'all read', not 'no messages ever'.
  const archive = useArchivedMessages({ page: 1, q: '', pageSize: 1 })
  const anyRead = (archive.data?.total ?? 0) > 0

  function onRead(id: string) {
    markRead.mutate(id, { onError: (error) => show('error', errorText(error, msg.markReadError)) })
  }

  return (
    <>
      <PageHeader
        title="Okunmamış Mesajlar"
        description={messages.data && !paging.q ? `${count(messages.data.total)} okunmamış mesaj` : undefined}
      />
      <Notice message={message} />
      <MessageList
        paging={paging}
        query={messages}
        emptyText={anyRead ? msg.noUnreadMessages : msg.noMessages}
        loadErrorText={msg.messagesLoadError}
        pagerLabel="Okunmamış mesaj sayfaları"
        actions={(m) => (
          <Button
            size="sm"
            onClick={() => onRead(m.id)}
            busy={markRead.isPending && markRead.variables === m.id}
            busyLabel="İşaretleniyor..."
          >
            Okundu olarak işaretle
          </Button>
        )}
      />
    </>
  )
}
