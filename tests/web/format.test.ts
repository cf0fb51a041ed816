import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPhone,
  formatTime,
  uzbekLatinDate,
} from '#src/lib/format.ts'

// Instants given in Tashkent time (UTC+5): every time is written as Tashkent's clock says it.
const NOVEMBER_24 = new Date('2026-11-24T14:05:00+05:00')
const MORNING = new Date('2026-11-05T09:07:00+05:00')
// Intl separates groups with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

afterEach(() => {
  vi.restoreAllMocks()
  i18n.activate('ru')
})

describe('formatNumber', () => {
  it.each(['ru', 'oz', 'uz', 'en'] as const)('groups thousands with a space in %s', (locale) => {
    expect(plain(formatNumber(600_000, locale))).toBe('600 000')
    expect(plain(formatNumber(1_234_567, locale))).toBe('1 234 567')
    expect(formatNumber(12, locale)).toBe('12')
  })

  it('never lets the groups of a number break over two lines', () => {
    expect(formatNumber(600_000, 'en')).toBe('600\u00a0000')
  })

  it('follows the language chosen in the app, not the browser', () => {
    i18n.activate('en')
    expect(plain(formatNumber(600_000))).toBe('600 000')
  })
})

describe('formatDate and formatDateTime', () => {
  it.each([
    ['ru', '24 ноября 2026 г.', '24 ноября 2026 г. в 14:05'],
    ['oz', '24-noyabr, 2026', '24-noyabr, 2026, 14:05'],
    ['uz', '24 ноябр, 2026', '24 ноябр, 2026 14:05'],
    ['en', 'November 24, 2026', 'November 24, 2026 at 14:05'],
  ] as const)('writes a day and a 24-hour time in %s', (locale, day, dayAndTime) => {
    expect(plain(formatDate(NOVEMBER_24, locale))).toBe(day)
    expect(plain(formatDateTime(NOVEMBER_24, locale))).toBe(dayAndTime)
  })

  it('writes the morning with two-digit hours in every language, never AM/PM', () => {
    for (const locale of ['ru', 'oz', 'uz', 'en'] as const) {
      expect(formatDateTime(MORNING, locale)).toMatch(/09:07$/)
      expect(formatDateTime(MORNING, locale)).not.toMatch(/AM|PM/)
    }
  })

  it('takes the language of the app when none is given: Russian is never 11/24/2026', () => {
    i18n.activate('ru')
    expect(plain(formatDate(NOVEMBER_24))).toBe('24 ноября 2026 г.')
    expect(formatDate(NOVEMBER_24)).not.toContain('/')
  })

  it('accepts the API’s ISO strings and the device’s milliseconds', () => {
    expect(formatDate(NOVEMBER_24.toISOString(), 'ru')).toBe(formatDate(NOVEMBER_24, 'ru'))
    expect(formatDate(NOVEMBER_24.getTime(), 'ru')).toBe(formatDate(NOVEMBER_24, 'ru'))
  })
})

describe('Uzbek Latin without Intl data (Chromium)', () => {
  it('writes the day and month by hand the way Intl does where it has the data', () => {
    expect(uzbekLatinDate(NOVEMBER_24, false)).toBe('24-noyabr, 2026')
    expect(uzbekLatinDate(NOVEMBER_24, true)).toBe('24-noyabr, 2026, 14:05')
    expect(uzbekLatinDate(new Date('2027-01-03T08:00:00+05:00'), true)).toBe('3-yanvar, 2027, 08:00')
  })

  it('is used when the browser answers the root locale ("2026 M11 24")', async () => {
    vi.resetModules()
    const RealFormat = Intl.DateTimeFormat
    // What Chromium does: uz-Latn falls back to the root locale's data.
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale?: string, options?: object) {
      return new RealFormat(locale === 'uz-Latn' ? 'und' : locale, options)
    } as never)
    const fresh = await import('#src/lib/format.ts')
    expect(fresh.hasUzbekLatinDates()).toBe(false)
    expect(fresh.formatDate(NOVEMBER_24, 'oz')).toBe('24-noyabr, 2026')
    expect(fresh.formatDateTime(NOVEMBER_24, 'oz')).toBe('24-noyabr, 2026, 14:05')
    expect(fresh.formatDate(NOVEMBER_24, 'oz')).not.toMatch(/M11/)
  })
})

describe('formatTime and formatPhone', () => {
  it('writes a time of day in 24 hours', () => {
    expect(formatTime(new Date('2026-11-24T21:30:00+05:00'))).toBe('21:30')
  })

  it('writes twelve digits with the spec’s mask and leaves anything else as it came', () => {
    expect(formatPhone('998935550101')).toBe('+998 93 555-01-01')
    expect(formatPhone('+998 93 555-01-01')).toBe('+998 93 555-01-01')
    expect(formatPhone('12345')).toBe('12345')
  })
})

describe('formatRating', () => {
  it('writes Uzbek Latin with a decimal comma even where the browser has no Uzbek Latin data', async () => {
    vi.resetModules()
    const RealFormat = Intl.NumberFormat
    // What Chromium does: uz-Latn falls back to the root locale's data ("4.8").
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locale?: string, options?: object) {
      return new RealFormat(locale === 'uz-Latn' ? 'und' : locale, options)
    } as never)
    const fresh = await import('#src/lib/format.ts')
    expect(fresh.formatRating(4.8, 'oz')).toBe('4,8')
    expect(fresh.formatRating(4.8, 'uz')).toBe('4,8')
    expect(fresh.formatRating(4.8, 'en')).toBe('4.8')
    expect(plain(fresh.formatNumber(1_234_567, 'oz'))).toBe('1 234 567')
  })
})
