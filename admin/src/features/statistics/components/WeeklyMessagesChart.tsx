import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatNumber, formatShortDay } from '../format.ts'

export type Week = { from: string; to: string; messages: number }

/**
 * Contact messages per week as bars (uPlot's bar paths, the same library as the visits chart). The x axis is the
 * week's position, labelled with its first day; the chart follows its box's width, so it fits a phone.
 */
export default function WeeklyMessagesChart({ weeks, label }: { weeks: Week[]; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const style = getComputedStyle(el)
    const primary = style.getPropertyValue('--color-primary').trim() || '#1f5fbf'
    const muted = style.getPropertyValue('--color-muted').trim() || '#5b6579'
    const height = 180
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, weeks.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(2, Math.ceil(max * 1.15))] },
      },
      axes: [
        {
          stroke: muted,
          grid: { show: false },
          space: 56,
          incrs: [1, 2, 4, 8, 13],
          values: (_u, splits) =>
            splits.map((i) => (Number.isInteger(i) && weeks[i] ? formatShortDay(weeks[i].from) : '')),
        },
        {
          stroke: muted,
          size: 40,
          values: (_u, splits) => splits.map((n) => (Number.isInteger(n) ? formatNumber(n) : '')),
        },
      ],
      series: [
        {},
        {
          label: 'Mesaj',
          stroke: primary,
          fill: primary,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.6, 48] }),
        },
      ],
    }
    const chart = new uPlot(opts, [weeks.map((_, i) => i), weeks.map((w) => w.messages)], el)
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 200), height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [weeks])
  // The canvas says nothing to a screen reader: the box carries the label, the table below the figures.
  return (
    <div
      ref={box}
      className="visits-chart weekly-chart"
      role="img"
      aria-label={label}
      data-drawn={weeks.length}
    />
  )
}
