/**
 * The marketplace lives in one time zone (docs/decisions/020-times-in-tashkent.md): every time is typed and shown
 * as Tashkent's clock says it, whatever the device's zone, and stored as an instant (UTC ISO). The server's pages
 * and the app's first render then say the very same time, and a customer abroad ordering for their flat in
 * Tashkent books the hour the specialist reads.
 */
export const TASHKENT_TIME_ZONE = 'Asia/Tashkent'

const twoDigits = (value: number) => String(value).padStart(2, '0')

let parts: Intl.DateTimeFormat | undefined

/** The calendar day and clock time in Tashkent at an instant. */
export function tashkentParts(date: Date) {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TASHKENT_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts!.formatToParts(date).find((part) => part.type === type)?.value)
  return {
    year: field('year'),
    /** 1-12. */
    month: field('month'),
    day: field('day'),
    hour: field('hour') % 24,
    minute: field('minute'),
  }
}

/** yyyy-mm-dd of the day in Tashkent at an instant (today by default). */
export function tashkentDay(date: Date = new Date()) {
  const { year, month, day } = tashkentParts(date)
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`
}

/** hh:mm on Tashkent's clock at an instant. */
export function tashkentClock(date: Date) {
  const { hour, minute } = tashkentParts(date)
  return `${twoDigits(hour)}:${twoDigits(minute)}`
}

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
