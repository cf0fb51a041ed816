import Negotiator from 'negotiator'

/** oz is Uzbek in Latin script and uz Uzbek in Cyrillic, as the product has always named them. */
export const LOCALES = ['ru', 'oz', 'uz', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ru'

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

// Browsers send script subtags for Uzbek; map them onto the product's two codes before negotiating.
const SCRIPT_ALIASES: [RegExp, Locale][] = [
  [/\buz-latn(-[a-z]+)?\b/gi, 'oz'],
  [/\buz-cyrl(-[a-z]+)?\b/gi, 'uz'],
]

/** Picks the best supported language of an Accept-Language header; ru when none fits. */
export function resolveLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const header = SCRIPT_ALIASES.reduce(
    (value, [pattern, code]) => value.replace(pattern, code),
    acceptLanguage,
  )
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...LOCALES])
  return (best as Locale | undefined) ?? DEFAULT_LOCALE
}

/** How search engines name each language (hreflang, `<html lang>`); the web app uses the same (src/lib/locale.ts). */
export const HREFLANG: Record<Locale, string> = { ru: 'ru', oz: 'uz-Latn', uz: 'uz-Cyrl', en: 'en' }
