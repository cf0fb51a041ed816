// How the catalogue's rows are answered in a language: a category, a service, and a service with its children.
import type { Category, Service } from '#contract/schemas/catalogue.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { CatalogueRepository, CategoryRow, ServiceRow } from './repository.ts'

export const inLocale = (text: Localized | null | undefined, locale: Locale) =>
  text ? text[locale] || text.ru : null

/** Which relations a list adds (`with`) and counts (`count`), as the query names them. */
export type Options = { with: string[]; count: string[] }

export const presentService = (row: ServiceRow, locale: Locale, extra: Partial<Service> = {}): Service => ({
  id: row.id,
  name: inLocale(row.name, locale)!,
  slug: row.slug,
  description: inLocale(row.description, locale),
  parent: row.parentId,
  parent_slug: row.parentSlug,
  status: row.status,
  category: { id: row.categoryId, slug: row.categorySlug, name: inLocale(row.categoryName, locale)! },
  ...extra,
})

/** A service as a link in a list (a child, a popular service on a category's card), with its children counted. */
export const presentServiceLink = (
  row: { id: number; name: Localized; slug: string; childrenCount: number },
  locale: Locale,
) => ({
  id: row.id,
  name: inLocale(row.name, locale)!,
  slug: row.slug,
  children_count: row.childrenCount,
})

export const presentCategory = (row: CategoryRow, locale: Locale): Category => ({
  id: row.id,
  name: inLocale(row.name, locale)!,
  slug: row.slug,
  subtitle: inLocale(row.subtitle, locale)!,
})

export async function withChildren(
  repo: CatalogueRepository,
  rows: ServiceRow[],
  locale: Locale,
  options: Options,
) {
  const children = options.with.includes('children') ? await repo.childrenOf(rows.map((row) => row.id)) : []
  return rows.map((row) =>
    presentService(row, locale, {
      ...(options.count.includes('children') && { children_count: row.childrenCount }),
      ...(options.with.includes('children') && {
        children: children
          .filter((child) => child.parentId === row.id)
          .map((child) => presentServiceLink(child, locale)),
      }),
    }),
  )
}
