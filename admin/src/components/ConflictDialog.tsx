import { useEffect, useState } from 'react'
import { msg } from '#schema/messages.ts'
import type { EditConflict } from '../hooks/useEditConflict.ts'
import type { MergeChoices } from '../lib/api-client.ts'
import { formatDateTime } from '../utils/format-date.ts'
import { fieldChanges } from '../utils/field-changes.ts'
import { ChangeValue } from './ChangeValue.tsx'
import { Button } from './ui/Button.tsx'
import { Modal } from './ui/Modal.tsx'

type Props = {
  conflict: EditConflict | null
  /** The item as this admin loaded it: the table shows what the other person changed since. */
  loaded: unknown
  /** Drop this admin's input and load the other person's version. */
  onReload: () => void
  /** Save this admin's input over theirs, knowingly (only when the server could not list the clashing fields). */
  onOverwrite: () => void
  /** Save again, keeping per clashing field the value chosen here; everything else of both edits is kept. */
  onResolve?: (choices: MergeChoices) => void
  onClose: () => void
}

/**
 * Shown when a save was refused because someone else changed the same field first (412). With the clashing
 * fields listed, the admin chooses per field whose value stays; otherwise (the server did not find the version
 * the admin loaded) the older two ways out: load theirs, or save over it.
 */
export function ConflictDialog({ conflict, loaded, onReload, onOverwrite, onResolve, onClose }: Props) {
  const fields = conflict?.conflicts && onResolve ? conflict.conflicts : null
  const [choices, setChoices] = useState<MergeChoices>({})
  useEffect(() => setChoices({}), [conflict])
  const changedBy = conflict?.changedBy && (
    <p className="muted">
      Son değiştiren: <strong>{conflict.changedBy.name}</strong> ({formatDateTime(conflict.changedBy.date)})
    </p>
  )
  if (fields) {
    const chosen = (key: string) => choices[key] ?? 'mine'
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
            <Button
              onClick={() => onResolve!(Object.fromEntries(fields.map((f) => [f.key, chosen(f.key)])))}
            >
              Seçimlerimle kaydet
            </Button>
          </>
        }
      >
        <p role="alert">{msg.editConflict}</p>
        {changedBy}
        <p>
          İkiniz de aynı {fields.length === 1 ? 'alanı' : `${fields.length} alanı`} değiştirdiniz. Her biri için
          hangi değerin kalacağını seçin; diğer bütün değişiklikleriniz ve onunkiler birlikte kaydedilir.
        </p>
        {fields.map((f) => (
          <fieldset key={f.key} className="conflict-field">
            <legend>{f.label}</legend>
            <label className="conflict-choice">
              <input
                type="radio"
                name={`secim-${f.key}`}
                checked={chosen(f.key) === 'mine'}
                onChange={() => setChoices({ ...choices, [f.key]: 'mine' })}
              />
              <span>
                <strong>Sizin değeriniz</strong>
                <span className="diff-text">{f.yours ? <ChangeValue text={f.yours} /> : '(boş)'}</span>
              </span>
            </label>
            <label className="conflict-choice">
              <input
                type="radio"
                name={`secim-${f.key}`}
                checked={chosen(f.key) === 'theirs'}
                onChange={() => setChoices({ ...choices, [f.key]: 'theirs' })}
              />
              <span>
                <strong>{conflict?.changedBy?.name ?? 'Diğer kişi'} kaydetti</strong>
                <span className="diff-text">{f.theirs ? <ChangeValue text={f.theirs} /> : '(boş)'}</span>
              </span>
            </label>
          </fieldset>
        ))}
      </Modal>
    )
  }
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
      {changedBy}
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
                  <ChangeValue text={c.before} />
                </td>
                <td data-label="Şimdi kayıtlı" className="diff-text">
                  <ChangeValue text={c.after} />
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
