import { msg } from '#schema/messages.ts'
import { errorText } from '../../lib/api-client.ts'
import { Button } from '../../components/ui/Button.tsx'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useUnreadMessages } from './api/get-messages.ts'
import { useMarkRead } from './api/mark-read.ts'
import { MessageCard } from './components/MessageCard.tsx'

/** /admin/iletisim-mesajlari: unread messages with an 'Okundu' button each. */
export default function UnreadMessagesPage() {
  const messages = useUnreadMessages()
  const markRead = useMarkRead()
  const count = messages.data?.length ?? 0

  function onRead(id: string) {
    markRead.mutate(id, { onError: (error) => window.alert(errorText(error, msg.markReadError)) })
  }

  return (
    <>
      <PageHeader
        title="Okunmamış Mesajlar"
        description={messages.isSuccess ? `${count} okunmamış mesaj` : undefined}
      />
      {messages.isPending ? (
        <Spinner />
      ) : messages.isError ? (
        <LoadError fallback={msg.messagesLoadError} error={messages.error} />
      ) : count === 0 ? (
        <EmptyState>{msg.noMessages}</EmptyState>
      ) : (
        <div className="stack">
          {messages.data.map((m) => (
            <MessageCard
              key={m.id}
              message={m}
              actions={
                <Button
                  size="sm"
                  onClick={() => onRead(m.id)}
                  busy={markRead.isPending && markRead.variables === m.id}
                  busyLabel="İşaretleniyor..."
                >
                  Okundu
                </Button>
              }
            />
          ))}
        </div>
      )}
    </>
  )
}
