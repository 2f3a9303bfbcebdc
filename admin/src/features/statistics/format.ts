/** Turkish number and date formats of the statistics ('1.234', '10 Mar', '10 Mart 2026 Salı'). */
const numberFormat = new Intl.NumberFormat('tr-TR')
const shortDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const tableDate = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const longDate = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  weekday: 'long',
  timeZone: 'UTC',
})

/** A day 'YYYY-MM-DD' (an Istanbul calendar day from the API) as a date at noon UTC, so no zone shifts it. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`)

export const formatNumber = (n: number) => numberFormat.format(n)
export const formatShortDay = (day: string) => shortDate.format(dayDate(day))
export const formatLongDay = (day: string) => longDate.format(dayDate(day))
/** Short enough for a table row on a phone: '28 Kas 2026'. */
export const formatTableDay = (day: string) => tableDate.format(dayDate(day))

/** Sums of a period, and the weeks (Monday to Sunday) its days fall in with their message counts. */
export function weeksOf(
  days: { date: string; messages: number }[],
): { from: string; to: string; messages: number }[] {
  const weeks: { from: string; to: string; messages: number }[] = []
  for (const d of days) {
    const monday = dayDate(d.date).getUTCDay() === 1
    const last = weeks[weeks.length - 1]
    if (!last || monday) weeks.push({ from: d.date, to: d.date, messages: d.messages })
    else {
      last.to = d.date
      last.messages += d.messages
    }
  }
  return weeks
}
