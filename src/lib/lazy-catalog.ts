import { i18n, type Messages } from '@lingui/core'
import { currentLocale } from './locale.ts'

/** A feature's catalogs as `import.meta.glob('./locales/*.po')` gives them: './locales/ru.po' -> loader. */
export type Catalogs = Record<string, () => Promise<unknown>>

const loading = new Map<Catalogs, Promise<void>>()

/**
 * Adds a feature's messages (lingui.config.ts, LAZY_FEATURES) to the active language, once per page: a change
 * of language reloads the page. A feature's screen awaits it before it shows, so it never shows untranslated text.
 */
export function loadCatalog(catalogs: Catalogs): Promise<void> {
  let loaded = loading.get(catalogs)
  if (!loaded) {
    const locale = currentLocale()
    const load = catalogs[`./locales/${locale}.po`]
    if (!load) throw new Error(`No ${locale} catalog among ${Object.keys(catalogs).join(', ')}`)
    loaded = load().then((module) => i18n.load(locale, (module as { messages: Messages }).messages))
    loading.set(catalogs, loaded)
  }
  return loaded
}
