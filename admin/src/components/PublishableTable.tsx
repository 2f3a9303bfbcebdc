import { scheduleState } from '#schema/schedule.ts'
import { formatDate } from '../utils/format-date.ts'
import { formatTurkeyShort } from '../utils/turkey-time.ts'
import { DataTable } from './DataTable.tsx'
import { EmptyState } from './ui/EmptyState.tsx'
import { RowActions } from './ui/RowActions.tsx'

type Item = { id: string; title: string; status?: string; publishAt?: string; unpublishAt?: string }

type Props<T extends Item> = {
  items: readonly T[]
  /** Shown instead of the table when there are no items. */
  emptyText: string
  /** Header of the date column ('Tarih', 'Proje tarihi'). */
  dateHeader: string
  dateOf: (item: T) => string | null | undefined
  onEdit: (item: T) => void
  onDelete: (item: T) => void
}

/** Posts or projects with their status badge and date, each with edit and delete. */
export function PublishableTable<T extends Item>({
  items,
  emptyText,
  dateHeader,
  dateOf,
  onEdit,
  onDelete,
}: Props<T>) {
  if (items.length === 0) return <EmptyState>{emptyText}</EmptyState>
  return (
    <DataTable
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        { header: 'Başlık', cell: (item) => item.title },
        {
          header: 'Durum',
          cell: (item) => {
            const state = scheduleState(item, Date.now())
            if (state === 'draft') return <span className="badge">Taslak</span>
            if (state === 'scheduled')
              return <span className="badge badge--info">Zamanlandı: {formatTurkeyShort(item.publishAt!)}</span>
            if (state === 'ended') return <span className="badge">Yayından kaldırıldı</span>
            return <span className="badge badge--success">Yayında</span>
          },
        },
        { header: dateHeader, cell: (item) => formatDate(dateOf(item)) },
        {
          header: 'İşlemler',
          hideHeader: true,
          cell: (item) => (
            <div className="actions list-actions">
              <RowActions name={item.title} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
            </div>
          ),
        },
      ]}
    />
  )
}
