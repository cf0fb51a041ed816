import { i18n, type Messages } from '@lingui/core'
import { LOCALE_COOKIE } from '#contract/locale-cookie.ts'
import { messages as ruMessages } from '../locales/ru/messages.po'
import { LOCALES, type Locale } from './locale-list.ts'
import { serverRender } from './server-render.ts'

export { LOCALES, type Locale }
export const DEFAULT_LOCALE: Locale = 'ru'

/** How each language names itself in the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  oz: "O'zbekcha",
  uz: 'Ўзбекча',
  en: 'English',
}

// The spec keeps the language for the session: a cookie without an expiry, which the browser forgets when it
// closes, so a new visit starts again from Russian. A cookie rather than storage so the server sees the choice
// and renders its pages in the language the app will show (server/plugins/locale.ts).
// sessionStorage is kept in step: where cookies are blocked it still holds the choice for the tab, and a tab that
// chose before the cookie existed keeps its language.
const STORAGE_KEY = 'fika.locale'

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

const cookieLocale = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1)

// No Expires or Max-Age: a session cookie. Lax: a link from another site still opens in the chosen language.
// Secure over https, as the server sets it.
const COOKIE_ATTRIBUTES = '; Path=/; SameSite=Lax'
const SECURE_ATTRIBUTE = '; Secure'

function keepLocale(locale: Locale) {
  const secure = window.location.protocol === 'https:' ? SECURE_ATTRIBUTE : ''
  document.cookie = `${LOCALE_COOKIE}=${locale}${COOKIE_ATTRIBUTES}${secure}`
  sessionStorage.setItem(STORAGE_KEY, locale)
}

// The language this page runs in, fixed when it is activated: a choice made since (the switcher, which reloads, or
// another tab) changes the cookie at once, and a part drawn after that must still say what the page says, or React
// takes a page the server drew over with other text (error #418).
let pageLocale: Locale | undefined

export function currentLocale(): Locale {
  if (import.meta.env.SSR) return serverRender()?.locale ?? DEFAULT_LOCALE
  if (pageLocale) return pageLocale
  const cookie = cookieLocale()
  if (isLocale(cookie)) return cookie
  const stored = sessionStorage.getItem(STORAGE_KEY)
  if (!isLocale(stored)) return DEFAULT_LOCALE
  keepLocale(stored)
  return stored
}

/**
 * A `?lang=` in the address (the hreflang alternates of every page use it) chooses the language for the session
 * and leaves the address.
 */
export function takeLocaleFromAddress() {
  const url = new URL(window.location.href)
  const lang = url.searchParams.get('lang')
  if (!lang) return
  if (isLocale(lang)) keepLocale(lang)
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
  pageLocale = locale
  document.documentElement.lang = HREFLANG[locale]
}

/** Keeps the choice for the session and reloads, as the spec asks: every screen then starts in the new language. */
export function switchLocale(locale: Locale) {
  keepLocale(locale)
  window.location.reload()
}
