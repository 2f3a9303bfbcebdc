import { FIELD_LABELS, STATUS_LABELS } from '#schema/field-labels.ts'
import { conflictKey } from '../merge/item-merge.ts'
import { valueAt, type MergeConflict, type Path } from '../merge/three-way-merge.ts'
import { asText } from './field-diff.ts'

/** A conflicting field as the admin's dialog shows it: both values as text, and the key to send a choice with. */
export type ConflictView = { key: string; label: string; yours: string; theirs: string }

/** 'Başlık', 'İçerik alanları › 3. alan › Metin', 'Kayıt' (the item itself, deleted on one side). */
function labelOf(path: Path, current: unknown): string {
  if (path.length === 0) return 'Kayıt'
  return path
    .map((step, at) => {
      if (step === '#order') return 'Sıralama'
      if (typeof step === 'string') return FIELD_LABELS[step] ?? (step === 'content' ? 'Metin' : step)
      // A list element by its position as people count, in the stored version.
      const list = valueAt(current, path.slice(0, at))
      const index = Array.isArray(list) ? list.findIndex((e) => (e as { id?: string })?.id === step.id) : -1
      return index >= 0 ? `${index + 1}. alan` : 'Yeni alan'
    })
    .join(' › ')
}

function textOf(path: Path, value: unknown): string {
  if (value === undefined) return '(silindi)'
  const last = path[path.length - 1]
  return last === 'status' && typeof value === 'string' ? (STATUS_LABELS[value] ?? value) : asText(value)
}

/** The conflicts of a refused save, for the dialog: `yours` is what this editor saved, `theirs` what is stored. */
export function describeConflicts(conflicts: MergeConflict[], current: unknown): ConflictView[] {
  return conflicts.map((c) => ({
    key: conflictKey(c.path),
    label: labelOf(c.path, current),
    yours: textOf(c.path, c.ours),
    theirs: textOf(c.path, c.theirs),
  }))
}
