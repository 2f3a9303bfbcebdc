import type { ReactNode } from 'react'
import { DragHandle, type DragHandleProps } from './SortableList.tsx'
import { Button } from './ui/Button.tsx'

type Props = {
  /** "Metin alanı 2", "Görsel alanı 1": numbered per type. */
  label: string
  handle: DragHandleProps
  onRemove: () => void
  /** The field's own inputs. */
  children: ReactNode
}

/** One orderable content field: drag handle, the field's inputs and its 'Alanı kaldır' button. */
export function ContentFieldItem({ label, handle, onRemove, children }: Props) {
  return (
    <div className="sortable-item">
      <DragHandle handle={handle} label={`${label}: sürükleyerek sırala`} />
      <div className="sortable-item__body">{children}</div>
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`${label} alanını kaldır`}>
        Alanı kaldır
      </Button>
    </div>
  )
}
