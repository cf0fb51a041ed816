// The catalogue's categories: the list the home page asks for (kept briefly), and one category with its services.
import { PRIORITY_SERVICES_ON_CARD, type Category } from '#contract/schemas/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import { presentCategory, presentServiceLink, withChildren, type Options } from './present.ts'
import type { CatalogueRepository } from './repository.ts'

// The home page asks for the same category list on every visit, and it changes only with the catalogue: keeping
// it for half a minute per language and options spares the database most of that work.
const CATEGORIES_CACHE_MS = 30_000

export async function categoryOrThrow(repo: CatalogueRepository, ref: string) {
  const category = await repo.findCategory(ref)
  if (!category) throw new AppError('not_found', 'not_found')
  return category
}

async function loadCategories(
  repo: CatalogueRepository,
  options: Options,
  locale: Locale,
): Promise<Category[]> {
  const [rows, counts, priority, topLevel] = await Promise.all([
    repo.listCategories(),
    options.count.includes('services') ? repo.serviceCounts() : Promise.resolve(new Map<number, number>()),
    options.with.includes('priority_services')
      ? repo.priorityServices(PRIORITY_SERVICES_ON_CARD)
      : Promise.resolve([]),
    options.with.includes('services') ? repo.topLevelServices() : Promise.resolve([]),
  ])
  const servicesOf = async (categoryId: number) =>
    withChildren(
      repo,
      topLevel.filter((service) => service.categoryId === categoryId),
      locale,
      { with: [], count: ['children'] },
    )
  return Promise.all(
    rows.map(async (row) => ({
      ...presentCategory(row, locale),
      ...(options.with.includes('image') && { image: row.image ? { path: row.image } : null }),
      ...(options.with.includes('priority_services') && {
        priority_services: priority
          .filter((service) => service.categoryId === row.id)
          .map((service) => presentServiceLink(service, locale)),
      }),
      ...(options.count.includes('services') && { services_count: counts.get(row.id) ?? 0 }),
      ...(options.with.includes('services') && { services: await servicesOf(row.id) }),
    })),
  )
}

export function createCategoriesReads(repo: CatalogueRepository) {
  const categoriesCache = new Map<string, { at: number; value: Promise<Category[]> }>()

  return {
    categories(options: Options, locale: Locale): Promise<Category[]> {
      const key = `${locale}|${options.with.join(',')}|${options.count.join(',')}`
      const cached = categoriesCache.get(key)
      if (cached && Date.now() - cached.at < CATEGORIES_CACHE_MS) return cached.value
      const value = loadCategories(repo, options, locale)
      categoriesCache.set(key, { at: Date.now(), value })
      value.catch(() => categoriesCache.delete(key))
      return value
    },

    /** The catalogue changed (a service approved): the next visit reads the categories again. */
    forgetCategories: () => categoriesCache.clear(),

    /** A category with its top-level services, each with its children. */
    async category(ref: string, locale: Locale): Promise<Category> {
      const category = await categoryOrThrow(repo, ref)
      const all = await repo.servicesOfCategory(category.id)
      const topLevel = all.filter((row) => row.parentId === null)
      return {
        ...presentCategory(category, locale),
        image: category.image ? { path: category.image } : null,
        services_count: all.length,
        services: await withChildren(repo, topLevel, locale, { with: ['children'], count: ['children'] }),
      }
    },
  }
}
