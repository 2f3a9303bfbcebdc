import { useEffect, useState } from 'react'
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
  useRedrawAtNextChange(items)
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
              return (
                <span className="badge badge--info">Zamanlandı: {formatTurkeyShort(item.publishAt!)}</span>
              )
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

/** The longest wait a browser timer takes (about 24.8 days); a later time is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Draws the list again when the earliest publish or unpublish time among the items passes (issue 21), so a
 * 'Zamanlandı' badge turns into 'Yayında' (and 'Yayında' into 'Yayından kaldırıldı') with nobody reloading.
 */
function useRedrawAtNextChange(items: readonly Item[]) {
  const [now, setNow] = useState(() => Date.now())
  const next = items
    .flatMap((i) => [i.publishAt, i.unpublishAt])
    .map((t) => (t ? Date.parse(t) : NaN))
    .filter((t) => t > now)
    .reduce((a, b) => Math.min(a, b), Infinity)
  useEffect(() => {
    if (next === Infinity) return
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(next - Date.now(), 0) + 50, MAX_TIMER_MS),
    )
    return () => clearTimeout(timer)
  }, [next, now])
}
