import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { errorText } from '../lib/api-client.ts'
import {
  getHistory,
  restoreVersion,
  type HistoryCollection,
  type HistoryEntry,
} from '../lib/content-history.ts'
import { formatDateTime } from '../utils/format-date.ts'
import { confirmAction } from '../lib/confirm.ts'
import { ChangeDiff } from './ChangeDiff.tsx'
import { SyncConflictList, useSyncConflicts } from './SyncConflictList.tsx'
import { Button } from './ui/Button.tsx'
import { LoadError } from './ui/LoadError.tsx'
import { Modal } from './ui/Modal.tsx'
import { Spinner } from './ui/Spinner.tsx'

type Props = {
  collection: HistoryCollection
  /** The entry's id or the home section's key; none for the about page and the contact settings. */
  id?: string
  /** What the dialog's title names ("Blog yazısı", "Banner"). */
  what: string
  /** After a restore: the server's message; the editor reloads the item. */
  onRestored: (message: string) => void
  onError: (text: string) => void
}

/** 'Geçmiş': who changed an item, when and which fields, with 'Bu sürüme dön' on each earlier version. */
export function HistoryButton({ collection, id, what, onRestored, onError }: Props) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const history = useQuery({
    queryKey: ['content-history', collection, id ?? ''],
    queryFn: () => getHistory(collection, id),
    enabled: open,
    gcTime: 0,
  })
  // The sync's conflicts on this item (issue 19) head its history, as on the dashboard.
  const filter = { file: `${collection}.json`, id }
  const { conflicts } = useSyncConflicts(filter)

  async function restore(entry: HistoryEntry) {
    // One tap must not replace the current text (issue 30): asked first; the current one stays in the history.
    const question = 'Bu sürüme dönülsün mü? Şu anki hali de geçmişte kalır.'
    if (!(await confirmAction(question, { title: 'Sürüme dönme', confirmLabel: 'Bu sürüme dön', danger: false })))
      return
    setBusy(entry.commit)
    try {
      const res = await restoreVersion(collection, id, entry.commit)
      setOpen(false)
      onRestored(res.message ?? msg.versionRestored)
    } catch (error) {
      onError(errorText(error, msg.genericError))
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Geçmiş
      </Button>
      <Modal open={open} title={`Geçmiş: ${what}`} onClose={() => setOpen(false)} size="lg">
        {conflicts.length > 0 && (
          <section aria-label="Çakışmalar" className="stack">
            <h3>Çakışmalar ({conflicts.length})</h3>
            <SyncConflictList filter={filter} />
          </section>
        )}
        {history.isPending ? (
          <Spinner />
        ) : history.isError ? (
          <LoadError fallback={msg.genericError} error={history.error} />
        ) : history.data.length === 0 ? (
          <p className="muted">Bu içerik için kayıtlı bir geçmiş yok.</p>
        ) : (
          <ol className="history-list" aria-label="Sürümler">
            {history.data.map((entry, index) => (
              <li key={entry.commit} className="history-entry">
                <div className="history-entry__head">
                  <div>
                    <strong>{entry.author.name}</strong>{' '}
                    <span className="muted">{formatDateTime(entry.date)}</span>
                    {index === 0 && <span className="badge badge--info">Şu anki sürüm</span>}
                  </div>
                  {index > 0 && !entry.deleted && (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={busy === entry.commit}
                      busyLabel="Geri alınıyor..."
                      onClick={() => restore(entry)}
                    >
                      Bu sürüme dön
                    </Button>
                  )}
                </div>
                <p className="history-entry__message">{entry.message}</p>
                {entry.changes.length > 0 && (
                  <dl className="history-changes">
                    {entry.changes.map((change) => (
                      <div key={change.field + change.label}>
                        <dt>{change.label}</dt>
                        <dd>
                          <ChangeDiff before={change.before} after={change.after} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ol>
        )}
      </Modal>
    </>
  )
}
