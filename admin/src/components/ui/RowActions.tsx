import { Button } from './Button.tsx'

type Props = {
  /** The row's name, read by screen readers: 'X düzenle', 'X sil'. */
  name: string
  onEdit: () => void
  onDelete: () => void
  /** While true the delete button reads 'Siliniyor...'. */
  deleting?: boolean
}

/** The 'Düzenle' and 'Sil' buttons of a list row. */
export function RowActions({ name, onEdit, onDelete, deleting = false }: Props) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`${name} düzenle`}>
        Düzenle
      </Button>
      <Button
        variant="danger"
        size="sm"
        onClick={onDelete}
        busy={deleting}
        busyLabel="Siliniyor..."
        aria-label={`${name} sil`}
      >
        Sil
      </Button>
    </>
  )
}
