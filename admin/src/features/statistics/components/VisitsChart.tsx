import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { DayFigures } from '../api/get-daily-stats.ts'
import { formatLongDay, formatNumber, formatShortDay } from '../format.ts'

export type VisitsChartProps = {
  days: DayFigures[]
  /** Smaller on the dashboard card. */
  height?: number
  /** What the chart says, for screen readers (the table beside it has every figure). */
  label: string
}

/**
 * Views per day as a line (uPlot: a small canvas chart, about 50 KB). The x axis is the day's position, labelled
 * with Turkish dates; the chart follows its box's width, so it fits a phone.
 */
export default function VisitsChart({ days, height = 260, label }: VisitsChartProps) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const xs = days.map((_, i) => i)
    const views = days.map((d) => d.views)
    const style = getComputedStyle(el)
    const primary = style.getPropertyValue('--color-primary').trim() || '#1f5fbf'
    const muted = style.getPropertyValue('--color-muted').trim() || '#5b6579'
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { y: false, points: { size: 8 } },
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        {
          stroke: muted,
          grid: { show: false },
          values: (_u, splits) => splits.map((i) => (days[i] ? formatShortDay(days[i].date) : '')),
          space: 56,
        },
        {
          stroke: muted,
          values: (_u, splits) => splits.map((n) => (Number.isInteger(n) ? formatNumber(n) : '')),
          size: 48,
        },
      ],
      series: [
        { value: (_u, i) => (i == null || !days[i] ? '' : formatLongDay(days[i].date)) },
        {
          label: 'Görüntülenme',
          stroke: primary,
          width: 2,
          fill: 'rgba(31, 95, 191, 0.12)',
          points: { show: days.length <= 31 },
        },
      ],
    }
    const chart = new uPlot(opts, [xs, views], el)
    // The canvas itself says nothing to a screen reader: the box carries the label, the table the figures.
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [days, height])
  return <div ref={box} className="visits-chart" role="img" aria-label={label} data-drawn={days.length} />
}
