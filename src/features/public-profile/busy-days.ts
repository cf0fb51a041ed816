import { tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'

/** How many weeks of the calendar a public profile shows, from the Monday of this week. */
export const CALENDAR_WEEKS = 4

/** A day of the calendar: Tashkent's date, YYYY-MM-DD, as the API takes it. */
export type Day = string

/** The day `offset` days after `day` (calendar arithmetic in UTC, where no clock change shifts a day). */
const dayAfter = (day: Day, offset: number): Day => {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, date! + offset)).toISOString().slice(0, 10)
}

/** The days the calendar shows: whole weeks from the Monday of the week of `now`, in Tashkent. */
export function calendarDays(now: Date, weeks = CALENDAR_WEEKS): Day[] {
  const today = tashkentDay(now)
  // getUTCDay of the date: Sunday 0 … Saturday 6; the week starts on Monday here.
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  const monday = dayAfter(today, -((weekday + 6) % 7))
  return Array.from({ length: weeks * 7 }, (_, index) => dayAfter(monday, index))
}

/** The first instant of a day in Tashkent. */
export const dayStart = (day: Day) => tashkentInstant(day)!

/** The days that any busy time touches, among `days` (each from Tashkent's midnight to the next). */
export function busyDays(days: Day[], busy: Array<{ started_at: string; ended_at: string }>): Set<Day> {
  const slots = busy.map((slot) => [Date.parse(slot.started_at), Date.parse(slot.ended_at)] as const)
  const found = new Set<Day>()
  for (const day of days) {
    const start = dayStart(day).getTime()
    const end = dayStart(dayAfter(day, 1)).getTime()
    if (slots.some(([from, to]) => from < end && to > start)) found.add(day)
  }
  return found
}

/** A day before today's date in Tashkent. */
export const isPast = (day: Day, now: Date) => day < tashkentDay(now)
