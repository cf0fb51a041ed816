import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import PO from 'pofile'
import { LOCALES, type Locale } from '#server/i18n/locale.ts'

/** A text of the web app in a language: the app's own translation, or its English source when it has none. */
export type WebMessages = ((locale: Locale, source: string) => string) & {
  /** Whether the language's catalogs translate the text (tests: a head never falls back to English unseen). */
  has: (locale: Locale, source: string) => boolean
}

const SRC = fileURLToPath(new URL('../../../src', import.meta.url))

/** The app's catalog and every feature's own catalog (lingui.config.ts) of one language. */
async function catalogFiles(srcRoot: string, locale: Locale) {
  const features = await readdir(join(srcRoot, 'features'), { withFileTypes: true })
  return [
    join(srcRoot, 'locales', locale, 'messages.po'),
    ...features
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(srcRoot, 'features', entry.name, 'locales', `${locale}.po`)),
  ]
}

async function readCatalog(file: string) {
  const text = await readFile(file, 'utf8').catch(() => undefined)
  if (text === undefined) return []
  return PO.parse(text).items.filter((item) => !item.obsolete && item.msgstr[0])
}

/**
 * The head a page gets from the server says what the app's own screen says, so its title and description are
 * the app's messages, read from the same Lingui catalogs (their ids are the English source texts).
 */
export async function loadWebMessages(srcRoot = SRC): Promise<WebMessages> {
  const byLocale = new Map<Locale, Map<string, string>>()
  for (const locale of LOCALES) {
    const texts = new Map<string, string>()
    for (const file of await catalogFiles(srcRoot, locale))
      for (const item of await readCatalog(file)) texts.set(item.msgid, item.msgstr[0]!)
    byLocale.set(locale, texts)
  }
  return Object.assign((locale: Locale, source: string) => byLocale.get(locale)?.get(source) ?? source, {
    has: (locale: Locale, source: string) => byLocale.get(locale)?.has(source) ?? false,
  })
}
