import { i18n, type Messages } from '@lingui/core'
import { messages as ruMessages } from '../locales/ru/messages.po'

export const LOCALES = ['ru', 'oz', 'uz', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ru'

/** How each language names itself in the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  oz: "O'zbekcha",
  uz: 'Ўзбекча',
  en: 'English',
}

// The spec keeps the language for the session, so a new tab or a new visit starts again from Russian.
const STORAGE_KEY = 'fika.locale'

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

export function currentLocale(): Locale {
  const stored = sessionStorage.getItem(STORAGE_KEY)
  return isLocale(stored) ? stored : DEFAULT_LOCALE
}

/**
 * A `?lang=` in the address (the hreflang alternates of every page use it) chooses the language for the session
 * and leaves the address.
 */
export function takeLocaleFromAddress() {
  const url = new URL(window.location.href)
  const lang = url.searchParams.get('lang')
  if (!lang) return
  if (isLocale(lang)) sessionStorage.setItem(STORAGE_KEY, lang)
  url.searchParams.delete('lang')
  window.history.replaceState(window.history.state, '', url)
}

/** The address of the current page in another language, for hreflang alternates. */
export const HREFLANG: Record<Locale, string> = { ru: 'ru', oz: 'uz-Latn', uz: 'uz-Cyrl', en: 'en' }

// Russian, the default, ships with the entry; the others are a chunk each, fetched when chosen.
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ru: () => Promise.resolve({ messages: ruMessages }),
  oz: () => import('../locales/oz/messages.po'),
  uz: () => import('../locales/uz/messages.po'),
  en: () => import('../locales/en/messages.po'),
}

/** Loads the catalog of a language and makes it the active one. */
export async function activateLocale(locale: Locale) {
  const { messages } = await CATALOGS[locale]()
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = HREFLANG[locale]
}

/** Keeps the choice for the session and reloads, as the spec asks: every screen then starts in the new language. */
export function switchLocale(locale: Locale) {
  sessionStorage.setItem(STORAGE_KEY, locale)
  window.location.reload()
}
