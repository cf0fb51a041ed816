// A text kept in the four languages (catalogue, content, specialities): the reader's language, else Russian.
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { Locale } from './locale.ts'

export const inLocale = (text: Localized, locale: Locale) => text[locale] || text.ru
