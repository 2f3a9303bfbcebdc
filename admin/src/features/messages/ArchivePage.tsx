import { msg } from '#schema/messages.ts'
import { EmptyState } from '../../components/ui/EmptyState.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useArchivedMessages } from './api/get-messages.ts'
import { MessageCard } from './components/MessageCard.tsx'

/** /admin/iletisim-arsiv: read messages with sent and read times. */
export default function ArchivePage() {
  const messages = useArchivedMessages()
  const count = messages.data?.length ?? 0
  return (
    <>
      <PageHeader
        title="Mesaj Arşivi"
        description={messages.isSuccess ? `${count} arşivlenmiş mesaj` : undefined}
      />
      {messages.isPending ? (
        <Spinner />
      ) : messages.isError ? (
        <LoadError fallback={msg.archiveLoadError} error={messages.error} />
      ) : count === 0 ? (
        <EmptyState>{msg.noArchive}</EmptyState>
      ) : (
        <div className="stack">
          {messages.data.map((m) => (
            <MessageCard key={m.id} message={m} archived />
          ))}
        </div>
      )}
    </>
  )
}
