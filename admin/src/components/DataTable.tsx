import type { ReactNode } from 'react'

/** One column of a DataTable. */
export type Column<T> = {
  /** Header text; in a stacking table also the label shown before the cell on phones. */
  header: string
  /** Keeps the header for screen readers only (e.g. the actions column). */
  hideHeader?: boolean
  /** Class of the body cell. */
  cellClassName?: string
  /** No phone label before this cell (the actions cell). */
  unlabelled?: boolean
  cell: (row: T) => ReactNode
}

type Props<T> = {
  rows: readonly T[]
  rowKey: (row: T) => string
  columns: readonly Column<T>[]
  /** One card per row on phones (`table--stack` with data-label on each cell). */
  stack?: boolean
  /** Extra classes of the scroll box, e.g. 'card card--flush'. */
  className?: string
}

/** A scrollable table with a header row and one row per item, cells drawn by the columns. */
export function DataTable<T>({ rows, rowKey, columns, stack = false, className = '' }: Props<T>) {
  return (
    <div className={`table-wrap ${className}`.trim()}>
      <table className={stack ? 'table table--stack' : 'table'}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={c.cellClassName}
                  data-label={stack && !c.unlabelled ? c.header : undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
