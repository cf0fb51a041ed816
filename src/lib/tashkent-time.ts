/**
 * The marketplace lives in one time zone (docs/decisions/024-times-in-tashkent.md): every time is typed and shown
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
