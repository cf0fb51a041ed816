// The catalogue's calls, loaded with the first of them: the contract's schemas stay out of the first screen's chunk.
import { coreEndpoints as endpoints } from '#contract/core-endpoints.ts'
import type { Service } from '#contract/schemas/catalogue.ts'
import { api } from '#src/lib/api.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { savedCall, type Saved } from '#src/lib/saved-call.ts'
import { SEARCH_RESULTS, type SearchResult } from './search-result.ts'

const toResult = (service: Service): SearchResult => ({
  id: service.id,
  name: service.name,
  slug: service.slug,
  categorySlug: service.category.slug,
  categoryName: service.category.name,
  parentSlug: service.parent_slug,
  childrenCount: service.children_count ?? 0,
})

/** The offline search and the offline catalogue load with Dexie, after the first screen. */
const searchSaved = async (text: string) =>
  (await import('../offline-search.ts')).searchSaved(text, SEARCH_RESULTS)

export const catalogueCalls = {
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
      return { data: collection.map(toResult), saved: false }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error
      return { data: await searchSaved(text), saved: true, savedAt: Date.now() }
    }
  },

  /**
   * Keeps the whole catalogue of the current language on the device (at most once a day): the offline search,
   * /services-all and every category's services then work with no network. Answers how many services it holds.
   * Every page starts it after its first screen (lib/saved-call.ts); calling it again costs one IndexedDB read.
   */
  saveCatalogue: async () => (await import('#src/lib/offline-catalogue.ts')).keepCatalogueOffline(),
}
