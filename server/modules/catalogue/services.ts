// The catalogue's services: one by slug or id, the searched list, and a service a person proposes.
import type { ProposeServiceBody, Service, ServicesQuery } from '#contract/schemas/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import { categoryOrThrow } from './categories.ts'
import { presentService, withChildren } from './present.ts'
import { searchColumnsOf } from './search-columns.ts'
import type { CatalogueRepository } from './repository.ts'

export function createServicesReads(repo: CatalogueRepository) {
  return {
    async serviceBySlug(categoryRef: string, slug: string, locale: Locale): Promise<Service> {
      const category = await categoryOrThrow(repo, categoryRef)
      const row = await repo.findService({ categoryId: category.id, slug })
      if (!row) throw new AppError('not_found', 'not_found')
      const [service] = await withChildren(repo, [row], locale, { with: ['children'], count: ['children'] })
      return service!
    },

    async service(id: number, locale: Locale): Promise<Service> {
      const row = await repo.findService({ id })
      if (!row) throw new AppError('not_found', 'not_found')
      const [service] = await withChildren(repo, [row], locale, { with: ['children'], count: ['children'] })
      return service!
    },

    async services(query: ServicesQuery, locale: Locale) {
      const category = query.category ? await repo.findCategory(query.category) : undefined
      if (query.category && !category)
        return { collection: [], meta: { page: query.page, perPage: query.perPage, total: 0 } }
      const { rows, total } = await repo.searchServices({
        search: query.search,
        categoryId: category?.id,
        parentId: query.parent,
        page: query.page,
        perPage: query.perPage,
      })
      return {
        collection: await withChildren(repo, rows, locale, query),
        meta: { page: query.page, perPage: query.perPage, total },
      }
    },

    /** Stores a proposed service as pending: it is not listed until a moderator approves it. */
    async propose(body: ProposeServiceBody, userId: number, locale: Locale): Promise<Service> {
      const category = await repo.findCategory(body.category)
      if (!category) throw fieldError('category', 'category_not_found')
      if (body.parent != null) {
        const parent = await repo.findService({ id: body.parent })
        if (!parent || parent.categoryId !== category.id) throw fieldError('parent', 'parent_not_in_category')
      }
      const name = { ru: body.name, oz: body.name, uz: body.name, en: body.name }
      const id = await repo.insertService({
        categoryId: category.id,
        parentId: body.parent ?? null,
        slug: `proposed-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
        name,
        description: null,
        status: 'pending',
        proposedBy: userId,
        position: 10_000,
        ...searchColumnsOf(name),
      })
      return presentService((await repo.pendingService(id))!, locale)
    },
  }
}
