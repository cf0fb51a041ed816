import type { Category } from '#contract/schemas/catalogue.ts'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { useSaved } from '#src/features/catalogue/use-saved.ts'

/** The categories with their services (for the filters) and every service's name by id (for the cards). */
export function useCatalogueChoices() {
  const catalogue = useSaved('categories:all', catalogueApi.categoriesWithServices)
  const categories: Category[] = catalogue.status === 'ready' ? catalogue.data : []
  const serviceNames = new Map<number, string>()
  for (const category of categories) {
    for (const service of category.services ?? []) {
      serviceNames.set(service.id, service.name)
      for (const child of service.children ?? []) serviceNames.set(child.id, child.name)
    }
  }
  return { categories, serviceNames }
}
