import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#contract/errors.ts'
import { LOCALES } from '#server/i18n/locale.ts'
import { messages, smsTexts } from '#server/i18n/messages.ts'

const CYRILLIC = /[\u0400-\u04FF]/
const LATIN = /[A-Za-z]/

describe('server messages', () => {
  it('has every error code in all four languages', () => {
    for (const code of ERROR_CODES) {
      for (const locale of LOCALES) {
        expect(messages[code]?.[locale], `${code} in ${locale}`).toMatch(/\S/)
      }
    }
  })

  it('writes Russian and Uzbek Cyrillic in Cyrillic, Uzbek Latin and English in Latin letters', () => {
    for (const [code, texts] of Object.entries({ ...messages, ...smsTexts })) {
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
