import { ApiError } from '#src/lib/api-error.ts'
import { loadOnce } from '#src/lib/load-once.ts'
import type { catalogueCalls } from './catalogue-calls.ts'
import { SEARCH_RESULTS, type SearchResult } from './search-result.ts'

export { SEARCH_RESULTS, type SearchResult }

/** Where a service leads (spec section 2): the sub-service choice when it has children, else the work place. */
export function orderPathOf(
  service: Pick<SearchResult, 'categorySlug' | 'parentSlug' | 'slug' | 'childrenCount'>,
) {
  const chain = [service.categorySlug, service.parentSlug, service.slug].filter(Boolean).join('/')
  return `/${chain}/${service.childrenCount > 0 ? 'select' : 'work-place'}`
}

type Calls = typeof catalogueCalls

// A page drawn by the server shows the catalogue without asking for it: the calls, the contract's schemas and the
// HTTP client load with the first call instead of with the first screen. A chunk that did not arrive fails like a
// request that did not: as having no network.
const calls = loadOnce(() =>
  import('./catalogue-calls.ts').then(
    (module) => module.catalogueCalls,
    () => {
      throw new ApiError(0, null)
    },
  ),
)

/** The catalogue as the first screens read it: categories, services, settings, the marquee and the search. */
export const catalogueApi: Calls = {
  categories: async () => (await calls()).categories(),
  categoriesWithServices: async () => (await calls()).categoriesWithServices(),
  category: async (slug) => (await calls()).category(slug),
  settings: async () => (await calls()).settings(),
  marquee: async () => (await calls()).marquee(),
  search: async (text) => (await calls()).search(text),
  saveCatalogue: async () => (await calls()).saveCatalogue(),
}
