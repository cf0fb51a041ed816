import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import PO from 'pofile'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#contract/errors.ts'
import { LOCALES } from '#server/i18n/locale.ts'
import { errorMessages } from '#server/i18n/error-messages.ts'
import { messages, smsTexts } from '#server/i18n/messages.ts'

const CYRILLIC = /[\u0400-\u04FF]/
const LATIN = /[A-Za-z]/

// The server's catalogs as translators leave them (not through the server's English fallback).
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => {
    const po = PO.parse(
      readFileSync(join(import.meta.dirname, '../../server/locales', `${locale}.po`), 'utf8'),
    )
    return [
      locale,
      new Map(po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr[0] ?? ''])),
    ]
  }),
) as Record<(typeof LOCALES)[number], Map<string, string>>
/** Every text of the server's catalogs (errors, SMS, notifications, pages) in the four languages. */
const catalogTexts = Object.fromEntries(
  [...catalogs.en.keys()].map((id) => [
    id,
    Object.fromEntries(LOCALES.map((l) => [l, catalogs[l].get(id) ?? ''])),
  ]),
) as Record<string, Record<(typeof LOCALES)[number], string>>

describe('server messages', () => {
  it('has every error code in all four languages', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessages[code].id, code).toBe(code)
      for (const locale of LOCALES) {
        expect(catalogs[locale].get(code), `${code} in ${locale}`).toMatch(/\S/)
        expect(messages[code]?.[locale], `${code} in ${locale}`).toBe(catalogs[locale].get(code))
      }
    }
  })

  it('writes Russian and Uzbek Cyrillic in Cyrillic, Uzbek Latin and English in Latin letters', () => {
    for (const [code, texts] of Object.entries({ ...messages, ...smsTexts, ...catalogTexts })) {
      expect(texts.ru, code).toMatch(CYRILLIC)
      expect(texts.uz, code).toMatch(CYRILLIC)
      expect(texts.oz, code).not.toMatch(CYRILLIC)
      expect(texts.oz, code).toMatch(LATIN)
      expect(texts.en, code).not.toMatch(CYRILLIC)
    }
  })

  it('translates rather than copies: no language repeats the English text', () => {
    for (const [code, texts] of Object.entries(messages)) {
      for (const locale of ['ru', 'oz', 'uz'] as const) expect(texts[locale], code).not.toBe(texts.en)
    }
  })
})
