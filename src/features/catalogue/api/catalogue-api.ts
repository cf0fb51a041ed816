// The first screen's calls only: the order schemas stay out of its chunks.
import { coreEndpoints as endpoints } from '#contract/core-endpoints.ts'
import { MAX_PER_PAGE, type Service } from '#contract/schemas/catalogue.ts'
import { foldForSearch } from '#contract/search-text.ts'
import { api } from '#src/lib/api.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { currentLocale } from '#src/lib/locale.ts'
import type { SavedService } from '#src/lib/local-db.ts'
import { savedCall, type Saved } from '#src/lib/saved-call.ts'

export type SearchResult = Pick<
  SavedService,
  'id' | 'name' | 'slug' | 'categorySlug' | 'categoryName' | 'parentSlug' | 'childrenCount'
>

export const SEARCH_RESULTS = 10

const toSaved = (service: Service, locale: string): SavedService => ({
  id: service.id,
  locale,
  name: service.name,
  slug: service.slug,
  folded: foldForSearch(service.name),
  categorySlug: service.category.slug,
  categoryName: service.category.name,
  parentSlug: service.parent_slug,
  childrenCount: service.children_count ?? 0,
})

/** Where a service leads (spec section 2): the sub-service choice when it has children, else the work place. */
export function orderPathOf(
  service: Pick<SearchResult, 'categorySlug' | 'parentSlug' | 'slug' | 'childrenCount'>,
) {
  const chain = [service.categorySlug, service.parentSlug, service.slug].filter(Boolean).join('/')
  return `/${chain}/${service.childrenCount > 0 ? 'select' : 'work-place'}`
}

/** The offline search: the same folding as the server's, exact names first, then prefixes, then the rest. */
const localDb = () => import('#src/lib/local-db.ts').then((module) => module.localDb)

async function searchSaved(text: string): Promise<SearchResult[]> {
  const folded = foldForSearch(text)
  const all = await (await localDb()).services.where('locale').equals(currentLocale()).toArray()
  const rank = (service: SavedService) =>
    service.folded === folded ? 0 : service.folded.split(' ').some((word) => word.startsWith(folded)) ? 1 : 2
  return all
    .filter((service) => service.folded.includes(folded))
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id)
    .slice(0, SEARCH_RESULTS)
}

export const catalogueApi = {
  categories: () =>
    savedCall(
      'categories:home',
      async () =>
        (
          await api.call(endpoints.categories, {
            query: { with: 'image,priority_services', count: 'services' },
          })
        ).collection,
    ),

  categoriesWithServices: () =>
    savedCall(
      'categories:all',
      async () =>
        (await api.call(endpoints.categories, { query: { with: 'services', count: 'services' } })).collection,
    ),

  category: (slug: string) =>
    savedCall(`category:${slug}`, () => api.call(endpoints.category, { params: { id: slug } })),

  settings: () => savedCall('settings', () => api.call(endpoints.settings)),

  marquee: () => savedCall('marquee', async () => (await api.call(endpoints.marquee)).collection),

  /** The server's search (every language, typo-tolerant); the saved catalogue when there is no network. */
  async search(text: string): Promise<Saved<SearchResult[]>> {
    if (navigator.onLine === false) return { data: await searchSaved(text), saved: true, savedAt: Date.now() }
    try {
      const { collection } = await api.call(endpoints.services, {
        query: { search: text, with: 'category', count: 'children', perPage: String(SEARCH_RESULTS) },
      })
      return { data: collection.map((service) => toSaved(service, currentLocale())), saved: false }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error
      return { data: await searchSaved(text), saved: true, savedAt: Date.now() }
    }
  },

  /** Keeps the whole catalogue of the current language on the device for the offline search. */
  async saveCatalogue() {
    const locale = currentLocale()
    const saved: SavedService[] = []
    for (let page = 1; ; page++) {
      const { collection, meta } = await api.call(endpoints.services, {
        query: { with: 'category', count: 'children', page: String(page), perPage: String(MAX_PER_PAGE) },
      })
      saved.push(...collection.map((service) => toSaved(service, locale)))
      if (page * meta.perPage >= meta.total) break
    }
    const db = await localDb()
    await db.transaction('rw', db.services, async () => {
      await db.services.where('locale').equals(locale).delete()
      await db.services.bulkPut(saved)
    })
    return saved.length
  },
}
