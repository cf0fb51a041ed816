/** How many weeks of the calendar a public profile shows, from the Monday of this week. */
export const CALENDAR_WEEKS = 4

const twoDigits = (value: number) => String(value).padStart(2, '0')
/** A local day as the API takes it: YYYY-MM-DD. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`

/** The days the calendar shows: whole weeks from the Monday of the week of `today`, in local time. */
export function calendarDays(today: Date, weeks = CALENDAR_WEEKS): Date[] {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate())
  // getDay: Sunday 0 … Saturday 6; the week starts on Monday here.
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7))
  return Array.from(
    { length: weeks * 7 },
    (_, index) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + index),
  )
}

/** The days (YYYY-MM-DD, local) that any busy time touches, among `days`. */
export function busyDays(days: Date[], busy: Array<{ started_at: string; ended_at: string }>): Set<string> {
  const slots = busy.map((slot) => [Date.parse(slot.started_at), Date.parse(slot.ended_at)] as const)
  const found = new Set<string>()
  for (const day of days) {
    const start = day.getTime()
    // The next local midnight (not start + 24 h, which a clock change would shift).
    const end = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime()
    if (slots.some(([from, to]) => from < end && to > start)) found.add(dayKey(day))
  }
  return found
}

/** A day before today's (local) date. */
export const isPast = (day: Date, today: Date) =>
  day.getTime() < new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()
