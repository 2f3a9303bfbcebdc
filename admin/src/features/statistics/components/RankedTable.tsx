import type { ReactNode } from 'react'
import { formatNumber } from '../format.ts'

export type RankedRow = { key: string; name: ReactNode; count: number }

/** A two-column table of the period's most counted items (pages, sites, programs), most first. */
export function RankedTable({
  rows,
  nameHeader,
  countHeader,
  empty,
}: {
  rows: RankedRow[]
  nameHeader: string
  countHeader: string
  empty: string
}) {
  if (rows.length === 0) return <p className="muted">{empty}</p>
  return (
    <div className="table-wrap">
      <table className="table ranked-table">
        <thead>
          <tr>
            <th scope="col">{nameHeader}</th>
            <th scope="col" className="num">
              {countHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              <td className="num">{formatNumber(r.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
