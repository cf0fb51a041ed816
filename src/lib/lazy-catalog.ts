import { i18n, type Messages } from '@lingui/core'
import { currentLocale, type Locale } from './locale.ts'

export type Catalogs = Record<Locale, () => Promise<{ messages: Messages }>>

const loading = new Map<Catalogs, Promise<void>>()

/**
 * Adds a feature's messages (lingui.config.ts, LAZY_FEATURES) to the active language, once per page: a change
 * of language reloads the page. A route awaits it in its loader, so its screen never shows untranslated text.
 */
export function loadCatalog(catalogs: Catalogs): Promise<void> {
  let loaded = loading.get(catalogs)
  if (!loaded) {
    const locale = currentLocale()
    loaded = catalogs[locale]().then(({ messages }) => i18n.load(locale, messages))
    loading.set(catalogs, loaded)
  }
  return loaded
}
