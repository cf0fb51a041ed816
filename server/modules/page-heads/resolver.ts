// What a page's head is, how a resolver makes one from an address, and the text helpers every resolver shares.
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { JsonLd, PageHead } from '#server/lib/web-page.ts'

/** What a public page tells search engines and link previews before any script runs (the web-app plugin's type). */
export type { PageHead }

export type Context = { locale: Locale; origin: string; text: (source: string) => string }
/** The head of the page an address matched, or undefined when there is no such page. */
export type Resolver = (match: RegExpMatchArray, context: Context) => Promise<PageHead | undefined>

const DESCRIPTION_MAX = 200
export const inLocale = (text: Localized | null | undefined, locale: Locale) =>
  text ? text[locale] || text.ru : ''
export const squeeze = (text: string) => {
  const flat = text
    .replace(/[#*_>`[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX).replace(/\s+\S*$/, '')}…`
}
/** Data a head can do without (the service an order is of): any failure leaves it out. */
export const orNothing = <T>(promise: Promise<T>) => promise.catch(() => undefined)
/**
 * A `not_found` from a service means the page shows its 404. Any other failure (the database is away) is not an
 * answer about the page: it goes up, and the visitor gets the plain shell rather than a 404 of a page that exists.
 */
export const unlessMissing = <T>(promise: Promise<T>) =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError && error.type === 'not_found') return undefined
    throw error
  })

/** The first step of every breadcrumb trail. */
export const home = (context: Context) => ({ name: 'Fika', url: `${context.origin}/` })

/** A screen of the app with its fixed title and description (and any structured data it adds). */
export const screen =
  (title: string, description: string, extra?: (context: Context) => JsonLd[]): Resolver =>
  async (match, context) => ({
    title: context.text(title),
    description: context.text(description),
    canonicalPath: match[0],
    type: 'website',
    jsonLd: extra?.(context) ?? [],
  })
