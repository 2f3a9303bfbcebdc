import { useRef, type ReactNode } from 'react'
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import './SortableList.css'

/** What the drag handle needs (mouse, touch, or keyboard: Space, arrows, Space); pass it to <DragHandle>. */
export type DragHandleProps = {
  ref: (el: HTMLElement | null) => void
  attributes: ReturnType<typeof useSortable>['attributes']
  listeners: ReturnType<typeof useSortable>['listeners']
}

type SortableListProps<T> = {
  items: readonly T[]
  getId: (item: T) => string
  /** Called with the items in their new order after a drop that moved something. */
  onReorder: (items: T[]) => void
  /** Renders one row; give `handle` to a <DragHandle> inside it. */
  renderItem: (item: T, handle: DragHandleProps, index: number) => ReactNode
  /** List element and row element: 'ul'/'li' (default) or 'tbody'/'tr' for tables. */
  as?: 'ul' | 'tbody' | 'div'
  /** Class of the list element; default 'sortable-list' except for tbody (rows styled with .sortable-item). */
  className?: string
  /** Short label of an item for screen-reader announcements. */
  describe?: (item: T) => string
}

const rowTag = { ul: 'li', tbody: 'tr', div: 'div' } as const

/** A vertical list reordered by dragging a handle, with pointer and keyboard sensors (dnd-kit). */
export function SortableList<T>({
  items,
  getId,
  onReorder,
  renderItem,
  as = 'ul',
  className,
  describe,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = items.map(getId)
  const label = (id: string | number) => {
    const item = items.find((i) => getId(i) === String(id))
    return item && describe ? describe(item) : `${ids.indexOf(String(id)) + 1}. öğe`
  }
  const position = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1)
  // Right after pick-up the item is "over" itself: say nothing then, so the pick-up message is heard.
  const moved = useRef(false)
  // dnd-kit's default announcements are English; the admin speaks Turkish.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false
      return `${label(active.id)} tutuldu. Sıra: ${position(active.id)}/${ids.length}.`
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !moved.current)) return undefined
      moved.current = true
      return `${label(active.id)} ${position(over.id)}. sıraya taşındı.`
    },
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} ${position(over.id)}. sıraya bırakıldı.` : undefined,
    onDragCancel: ({ active }) => `Taşıma iptal edildi. ${label(active.id)} yerinde kaldı.`,
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from >= 0 && to >= 0) onReorder(arrayMove([...items], from, to))
  }

  const List = as
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Taşımak için boşluk tuşuna basın, ok tuşlarıyla yer değiştirin, bırakmak için yine boşluk tuşuna basın. İptal için Escape.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <List className={className ?? (as === 'tbody' ? undefined : 'sortable-list')}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]} tag={rowTag[as]}>
              {(handle) => renderItem(item, handle, index)}
            </SortableRow>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  )
}

type RowProps = { id: string; tag: 'li' | 'tr' | 'div'; children: (handle: DragHandleProps) => ReactNode }

function SortableRow({ id, tag: Tag, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
    })
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  }
  return (
    <Tag
      ref={setNodeRef}
      style={style}
      className={`sortable-row${isDragging ? ' sortable-row--dragging' : ''}`}
    >
      {children({ attributes, listeners, ref: setActivatorNodeRef })}
    </Tag>
  )
}

/** The standard drag handle button (⠿), labelled for screen readers. */
export function DragHandle({
  handle,
  label = 'Sürükleyerek sırala',
}: {
  handle: DragHandleProps
  label?: string
}) {
  return (
    <button
      type="button"
      ref={handle.ref}
      className="drag-handle"
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      title={label}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  )
}
