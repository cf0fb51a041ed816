// The catalogue tables, read and written through their parts: categories and settings, services, the search.
import type { Database } from '#server/db/client.ts'
import type { categories, services } from '#server/db/schema/catalogue.ts'
import { createCategoriesQueries } from './categories-queries.ts'
import { createSearchQueries } from './search-queries.ts'
import { createServicesQueries } from './services-queries.ts'

export type CategoryRow = typeof categories.$inferSelect
export type ServiceRow = typeof services.$inferSelect & {
  categorySlug: string
  categoryName: CategoryRow['name']
  childrenCount: number
  parentSlug: string | null
}

export function createCatalogueRepository(db: Database) {
  return {
    ...createCategoriesQueries(db),
    ...createServicesQueries(db),
    ...createSearchQueries(db),
  }
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
