/**
 * The server's Lingui catalogs (`server/locales/{locale}.po`): the one place translators edit what the server
 * writes, like the web app's catalogs. The server runs without Babel, so it cannot use Lingui's macros: each text is
 * a message descriptor marked `/*i18n*\/` in the code (its id and its English), which `npm run extract` finds.
 */
import { readFileSync } from 'node:fs'
import PO from 'pofile'
import { LOCALES, type Locale } from './locale.ts'

/** A text the server writes: its catalog id and its English source (what `en` reads, and any untranslated one). */
export type ServerMessage = { readonly id: string; readonly message: string }
export type Translations = Record<Locale, string>

const LOCALES_DIR = new URL('../locales/', import.meta.url)

function readCatalog(locale: Locale): Map<string, string> {
  const { items } = PO.parse(readFileSync(new URL(`${locale}.po`, LOCALES_DIR), 'utf8'))
  return new Map(
    items
      .filter((item) => !item.obsolete && item.msgstr[0])
      .map((item) => [item.msgid, item.msgstr[0]!] as const),
  )
}

// Read once, when the server starts: a text then costs one map lookup.
const catalogs = new Map(LOCALES.map((locale) => [locale, readCatalog(locale)]))

/** A text in a language, or its English when the language's catalog has no translation of it. */
export const serverText = (message: ServerMessage, locale: Locale): string =>
  catalogs.get(locale)?.get(message.id) ?? message.message

/** A text in all four languages. */
export const translations = (message: ServerMessage): Translations =>
  Object.fromEntries(LOCALES.map((locale) => [locale, serverText(message, locale)])) as Translations
