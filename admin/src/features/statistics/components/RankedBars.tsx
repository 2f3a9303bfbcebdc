import { formatNumber } from '../format.ts'

export type RankedBar = { key: string; name: string; count: number }

/**
 * The period's most counted items (pages, referring sites, programs) as horizontal bars, most first: a name over
 * each bar, so long Turkish titles fit a phone (uPlot draws no horizontal bars; ten SVG bars need no library).
 * One image for screen readers, labelled; the table beside it has every figure.
 */
export function RankedBars({ rows, label }: { rows: RankedBar[]; label: string }) {
  const most = Math.max(1, ...rows.map((r) => r.count))
  return (
    <figure className="ranked-bars" role="img" aria-label={label} data-drawn={rows.length}>
      {rows.map((r) => (
        <div key={r.key} className="ranked-bars__row" aria-hidden="true">
          <span className="ranked-bars__name">{r.name}</span>
          <span className="ranked-bars__line">
            <svg
              className="ranked-bars__bar"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              focusable="false"
            >
              <rect x="0" y="0" height="10" width={Math.max(0.5, (r.count / most) * 100)} />
            </svg>
            <span className="ranked-bars__count">{formatNumber(r.count)}</span>
          </span>
        </div>
      ))}
    </figure>
  )
}
