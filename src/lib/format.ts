import { i18n } from '@lingui/core'
import { HREFLANG, LOCALES, type Locale } from './locale.ts'
import { TASHKENT_TIME_ZONE, tashkentClock, tashkentParts } from './tashkent-time.ts'

/**
 * Dates, times, prices and counts in the language chosen in the app, never the browser's: every screen formats
 * through here. Times are Tashkent's whatever the device's zone (src/lib/tashkent-time.ts), so the server's pages
 * and the app say the same. Times are 24-hour in all four languages, and numbers are grouped by thousands with a no-break
 * space ("600 000"), which is how all four are written here (English included, so the columns read alike).
 */

/** The language the app shows now (its Lingui locale), Russian before one is active. */
const activeLocale = (): Locale => (LOCALES.includes(i18n.locale as Locale) ? (i18n.locale as Locale) : 'ru')

/** The language's tag for Intl: uz-Latn, uz-Cyrl... */
export const intlTag = (locale: Locale = activeLocale()) => HREFLANG[locale]

// NOTE: Chromium has no Uzbek Latin number data either ("4.8" where Node writes "4,8"): Uzbek numbers are written
// alike in both scripts, so Uzbek Latin takes the Cyrillic one's, and the server's page and the browser agree.
const numberTag = (locale: Locale) => intlTag(locale === 'oz' ? 'uz' : locale)

const NO_BREAK_SPACE = '\u00a0'

/** A whole number grouped by thousands with a no-break space: 600 000. */
export function formatNumber(value: number, locale: Locale = activeLocale()) {
  return new Intl.NumberFormat(numberTag(locale), { maximumFractionDigits: 0, useGrouping: true })
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? NO_BREAK_SPACE : part.value))
    .join('')
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }

// NOTE: Chromium ships no Uzbek Latin data: Intl falls back to the root locale and writes "2026 M11 24". Where that
// happens, Uzbek Latin dates are written by hand the way Intl writes them where the data exists.
const UZ_LATN_MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
] as const

let uzLatnData: boolean | undefined
/** Whether this browser's Intl knows Uzbek Latin month names (checked once). */
export function hasUzbekLatinDates() {
  uzLatnData ??=
    new Intl.DateTimeFormat(HREFLANG.oz, { month: 'long' }).format(new Date(2026, 10, 24)) === 'noyabr'
  return uzLatnData
}

/** "24-noyabr, 2026" and "24-noyabr, 2026, 14:05": Uzbek Latin without Intl's data, in Tashkent time. */
export function uzbekLatinDate(date: Date, withTime: boolean) {
  const { year, month, day } = tashkentParts(date)
  const written = `${day}-${UZ_LATN_MONTHS[month - 1]}, ${year}`
  return withTime ? `${written}, ${tashkentClock(date)}` : written
}

const asDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value))

function format(value: string | number | Date, locale: Locale, withTime: boolean) {
  const date = asDate(value)
  if (locale === 'oz' && !hasUzbekLatinDates()) return uzbekLatinDate(date, withTime)
  const options = withTime ? { ...DATE, ...TIME } : DATE
  return new Intl.DateTimeFormat(intlTag(locale), { ...options, timeZone: TASHKENT_TIME_ZONE }).format(date)
}

/** A day: "24 ноября 2026 г.", "24-noyabr, 2026", "24 ноябр, 2026", "November 24, 2026". */
export const formatDate = (value: string | number | Date, locale: Locale = activeLocale()) =>
  format(value, locale, false)

/** A day and a 24-hour time: "24 ноября 2026 г. в 14:05", "November 24, 2026 at 14:05". */
export const formatDateTime = (value: string | number | Date, locale: Locale = activeLocale()) =>
  format(value, locale, true)

/** A 24-hour time of day in Tashkent: "14:05". */
export const formatTime = (value: string | number | Date) => tashkentClock(asDate(value))

/** Twelve digits 998XXXXXXXXX as the spec's mask writes them: +998 93 555-01-01 (anything else as given). */
export function formatPhone(phone: string) {
  const digits = phone.replace(/\D/g, '')
  const match = /^998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits)
  return match ? `+998 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone
}

/** A rating with one decimal, as the language writes it: "4,8" in Russian and Uzbek, "4.8" in English. */
export const formatRating = (value: number, locale: Locale = activeLocale()) =>
  new Intl.NumberFormat(numberTag(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value,
  )
