// The catalogue tables, read and written through their parts: categories and settings, services, the search.
import type { Database } from '#server/db/client.ts'
import { createCategoriesQueries } from './categories-queries.ts'
import { createSearchQueries } from './search-queries.ts'
import { createServicesQueries } from './services-queries.ts'

export type { CategoryRow, ServiceRow } from './catalogue-rows.ts'

export function createCatalogueRepository(db: Database) {
  return {
    ...createCategoriesQueries(db),
    ...createServicesQueries(db),
    ...createSearchQueries(db),
  }
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
