/** Asks before a destructive action (spec: deletes ask for confirmation first). */
export function confirmAction(question = 'Bu kaydı silmek istediğinizden emin misiniz?'): boolean {
  return window.confirm(question)
}
