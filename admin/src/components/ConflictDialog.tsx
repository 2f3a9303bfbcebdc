import { msg } from '#schema/messages.ts'
import type { EditConflict } from '../hooks/useEditConflict.ts'
import { formatDateTime } from '../utils/format-date.ts'
import { fieldChanges } from '../utils/field-changes.ts'
import { Button } from './ui/Button.tsx'
import { Modal } from './ui/Modal.tsx'

type Props = {
  conflict: EditConflict | null
  /** The item as this admin loaded it: the table shows what the other person changed since. */
  loaded: unknown
  /** Drop this admin's input and load the other person's version. */
  onReload: () => void
  /** Save this admin's input over theirs, knowingly. */
  onOverwrite: () => void
  onClose: () => void
}

/** Shown when a save was refused because someone else saved the same item first (412): their change, two ways out. */
export function ConflictDialog({ conflict, loaded, onReload, onOverwrite, onClose }: Props) {
  const changes = conflict ? fieldChanges(loaded, conflict.current) : []
  return (
    <Modal
      open={conflict !== null}
      title="Kaydetme çakışması"
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onReload}>
            Onun sürümünü yükle
          </Button>
          <Button variant="danger" onClick={onOverwrite}>
            Benimkini yine de kaydet
          </Button>
        </>
      }
    >
      <p role="alert">{msg.editConflict}</p>
      {conflict?.changedBy && (
        <p className="muted">
          Son değiştiren: <strong>{conflict.changedBy.name}</strong> (
          {formatDateTime(conflict.changedBy.date)})
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--stack">
          <caption className="muted">Siz açtıktan sonra değişen alanlar</caption>
          <thead>
            <tr>
              <th scope="col">Alan</th>
              <th scope="col">Sizin açtığınız</th>
              <th scope="col">Şimdi kayıtlı</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.label}</th>
                <td data-label="Sizin açtığınız" className="diff-text">
                  {c.before}
                </td>
                <td data-label="Şimdi kayıtlı" className="diff-text">
                  {c.after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Formdaki değişiklikleriniz duruyor: yeniden yüklerseniz kaybolur, kaydederseniz onun değişikliğinin
        yerine geçer.
      </p>
    </Modal>
  )
}
