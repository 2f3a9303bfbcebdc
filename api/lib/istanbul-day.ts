/** The company works in Istanbul: a "day" of the statistics is a calendar day there (UTC+3, no summer time). */
export const STATS_TIME_ZONE = 'Europe/Istanbul'

const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** 'YYYY-MM-DD' of the Istanbul calendar day that contains this instant. */
export function istanbulDay(at: number | Date): string {
  return format.format(at)
}

/** The same, remembered for the current minute: a page view must not pay for Intl formatting each time. */
export function dayClock(now: () => Date) {
  let until = -Infinity
  let from = Infinity
  let day = ''
  return (): string => {
    const ms = now().getTime()
    // Zone offsets are whole hours, so a day never changes inside a minute.
    if (ms >= until || ms < from) {
      from = ms - (ms % 60_000)
      until = from + 60_000
      day = istanbulDay(ms)
    }
    return day
  }
}

/** The Istanbul day `n` days before `day` ('YYYY-MM-DD'; calendar arithmetic, no zone involved). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() - n)
  return d.toISOString().slice(0, 10)
}
