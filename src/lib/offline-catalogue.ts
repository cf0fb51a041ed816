import { coreEndpoints as endpoints } from '#contract/core-endpoints.ts'
import { MAX_PER_PAGE, type Category, type Service } from '#contract/schemas/catalogue.ts'
import { foldForSearch } from '#contract/search-text.ts'
import { api } from './api.ts'
import { localDb, type SavedResponse, type SavedService } from './local-db.ts'
import { currentLocale } from './locale.ts'

/** The catalogue changes rarely: a device refreshes its copy at most once a day per language. */
export const CATALOGUE_REFRESH_MS = 24 * 3600 * 1000

/** The row that says when the whole catalogue of a language was last kept (its data: how many services). */
export const CATALOGUE_KEPT_KEY = 'catalogue:kept'

// The keys the screens read (features/catalogue/api/catalogue-api.ts): the same answers, built from the catalogue.
const ALL_CATEGORIES_KEY = 'categories:all'
const categoryKey = (slug: string) => `category:${slug}`

const savedServiceOf = (service: Service, locale: string, order: number): SavedService => ({
  id: service.id,
  locale,
  name: service.name,
  slug: service.slug,
  folded: foldForSearch(service.name),
  about: foldForSearch(service.description ?? ''),
  order,
  categorySlug: service.category.slug,
  categoryName: service.category.name,
  parentSlug: service.parent_slug,
  childrenCount: service.children_count ?? 0,
})

async function fetchAllServices(): Promise<Service[]> {
  const all: Service[] = []
  for (let page = 1; ; page++) {
    const { collection, meta } = await api.call(endpoints.services, {
      query: {
        with: 'category,children',
        count: 'children',
        page: String(page),
        perPage: String(MAX_PER_PAGE),
      },
    })
    all.push(...collection)
    if (collection.length === 0 || page * meta.perPage >= meta.total) return all
  }
}

/**
 * Fetches the whole catalogue of the session's language (every category, service and sub-service) and keeps it
 * in IndexedDB: the services for the offline search, and the answers that /services-all and each category's
 * services page read, so they open offline even when the person never opened them online.
 */
async function keep(locale: string, now: number): Promise<number> {
  const [{ collection: categories }, services] = await Promise.all([
    api.call(endpoints.categories, { query: { with: 'image,services', count: 'services' } }),
    fetchAllServices(),
  ])
  const rows = services.map((service, order) => savedServiceOf(service, locale, order))
  const answer = (key: string, data: unknown): SavedResponse => ({ key, locale, data, savedAt: now })
  const categoryAnswers = categories.map((category) =>
    answer(categoryKey(category.slug), {
      ...category,
      services: services.filter(
        (service) => service.category.slug === category.slug && service.parent === null,
      ),
    } satisfies Category),
  )
  await localDb.transaction('rw', localDb.services, localDb.responses, async () => {
    await localDb.services.where('locale').equals(locale).delete()
    await localDb.services.bulkPut(rows)
    await localDb.responses.bulkPut([
      answer(ALL_CATEGORIES_KEY, categories),
      ...categoryAnswers,
      answer(CATALOGUE_KEPT_KEY, rows.length),
    ])
  })
  return rows.length
}

let keeping: Promise<number> | undefined

/**
 * Keeps the catalogue on the device unless a copy of this language from the last day is there already, or there
 * is no network. Answers how many services the device holds (0 when it has none and could not get them).
 */
export async function keepCatalogueOffline({ now = Date.now() } = {}): Promise<number> {
  const locale = currentLocale()
  const kept = await localDb.responses.get([CATALOGUE_KEPT_KEY, locale] as unknown as string)
  if (kept && now - kept.savedAt < CATALOGUE_REFRESH_MS) return kept.data as number
  if (navigator.onLine === false) return (kept?.data as number | undefined) ?? 0
  keeping ??= keep(locale, now).finally(() => (keeping = undefined))
  return keeping
}
