import type { DayFigures } from '../api/get-daily-stats.ts'
import { formatNumber, formatTableDay } from '../format.ts'

/** Every day of the period with its figures: the chart's alternative for screen readers and for reading exact numbers. */
export function DaysTable({ days, caption }: { days: DayFigures[]; caption: string }) {
  return (
    <details className="stats-table">
      <summary>Tablo olarak göster</summary>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Gün</th>
              <th scope="col" className="num">
                Görüntülenme
              </th>
              <th scope="col" className="num">
                İndirme
              </th>
              <th scope="col" className="num">
                Mesaj
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatTableDay(d.date)}</th>
                <td className="num">{formatNumber(d.views)}</td>
                <td className="num">{formatNumber(d.downloads)}</td>
                <td className="num">{formatNumber(d.messages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
