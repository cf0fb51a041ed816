import { tashkentClock, tashkentDay, tashkentParts } from './tashkent-time.ts'

/**
 * Typing times as Tashkent's clock reads them (src/lib/tashkent-time.ts): kept apart from the formatting, which the
 * first screen loads, as only the forms with date and time fields need it.
 */

/** The value of a datetime-local field for an instant, in Tashkent: 2026-11-24T14:05. */
export const tashkentDateTimeLocal = (date: Date) => `${tashkentDay(date)}T${tashkentClock(date)}`

/** Minutes Tashkent's clock is ahead of UTC at an instant (300: Uzbekistan keeps UTC+5 all year). */
function tashkentOffsetMinutes(date: Date) {
  const { year, month, day, hour, minute } = tashkentParts(date)
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000)
}

const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/

/**
 * The instant of a day and time typed as Tashkent time ("2026-11-24" and "14:05", or "2026-11-24T14:05"), or
 * undefined when they are not a valid day and time.
 */
export function tashkentInstant(day: string, time = ''): Date | undefined {
  const match = DAY_TIME.exec(time ? `${day}T${time}` : day)
  if (!match) return undefined
  const [year, month, date, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0))
  if (month! < 1 || month! > 12 || date! < 1 || date! > 31 || hour > 23 || minute > 59) return undefined
  const asUtc = Date.UTC(year!, month! - 1, date!, hour, minute)
  const instant = new Date(asUtc - tashkentOffsetMinutes(new Date(asUtc)) * 60_000)
  // 2026-02-31 is no day: Date would roll it over to March.
  return tashkentDay(instant) === `${match[1]}-${match[2]}-${match[3]}` ? instant : undefined
}

/** Whether the device's clock reads differently from Tashkent's at an instant (its zone is elsewhere). */
export const deviceClockDiffers = (date: Date = new Date()) =>
  -date.getTimezoneOffset() !== tashkentOffsetMinutes(date)
