import { i18n, type Messages } from '@lingui/core'
import { currentLocale } from './locale.ts'

/** A catalog's files as `import.meta.glob('./locales/*.po')` gives them: './locales/ru.po' -> loader. */
export type Catalogs = Record<string, () => Promise<unknown>>

const loading = new Map<Catalogs, Promise<void>>()

/**
 * Adds a feature's messages (lingui.config.ts, LAZY_FEATURES) to the active language, once per page: a change
 * of language reloads the page. A feature's screen awaits it before it shows, so it never shows untranslated text.
 */
export function loadCatalog(catalogs: Catalogs): Promise<void> {
  if (catalogs === LATER_WORDS) return loadOnce(catalogs)
  // The same promise on every call: a screen suspends on it (WithCatalog) and must find it settled when it retries.
  let both = withLaterWords.get(catalogs)
  if (!both) {
    both = Promise.all([loadOnce(catalogs), loadLaterWords()]).then(() => undefined)
    withLaterWords.set(catalogs, both)
  }
  return both
}
const withLaterWords = new Map<Catalogs, Promise<void>>()

/**
 * The words of the shared pieces that never draw the first screen (lingui.config.ts, LATER_WORDS): they come with
 * every feature's catalog, since any feature's screen may show them. A screen outside the lazy features that shows
 * one awaits this itself.
 */
export const loadLaterWords = () => loadCatalog(LATER_WORDS)
const LATER_WORDS: Catalogs = import.meta.glob('../components/locales/*.po')

function loadOnce(catalogs: Catalogs): Promise<void> {
  let loaded = loading.get(catalogs)
  if (!loaded) {
    const locale = currentLocale()
    const load = Object.entries(catalogs).find(([path]) => path.endsWith(`/locales/${locale}.po`))?.[1]
    if (!load) throw new Error(`No ${locale} catalog among ${Object.keys(catalogs).join(', ')}`)
    loaded = load().then((module) => i18n.load(locale, (module as { messages: Messages }).messages))
    loading.set(catalogs, loaded)
  }
  return loaded
}
