import {
  PRIORITY_SERVICES_ON_CARD,
  type Category,
  type ProposeServiceBody,
  type Service,
  type ServicesQuery,
  type Settings,
} from '#contract/schemas/catalogue.ts'
import { searchTextOf } from '#contract/search-text.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { CatalogueRepository, CategoryRow, ServiceRow } from './repository.ts'

const inLocale = (text: Localized | null | undefined, locale: Locale) =>
  text ? text[locale] || text.ru : null

type Options = { with: string[]; count: string[] }

export const DEFAULT_SETTINGS = {
  bot_url: 'https://t.me/fika_uz_bot',
  telegram_url: 'https://t.me/fika_uz',
  instagram_url: 'https://www.instagram.com/fika.uz',
  facebook_url: 'https://www.facebook.com/fika.uz',
  youtube_url: 'https://www.youtube.com/@fika_uz',
  support_email: 'support@fika.uz',
  support_phone: '+998 71 200-00-00',
}

// The home page asks for the same category list on every visit, and it changes only with the catalogue: keeping
// it for half a minute per language and options spares the database most of that work.
const CATEGORIES_CACHE_MS = 30_000

export function createCatalogueService(repo: CatalogueRepository, { mapStyleUrl = '' } = {}) {
  const categoriesCache = new Map<string, { at: number; value: Promise<Category[]> }>()
  const presentService = (row: ServiceRow, locale: Locale, extra: Partial<Service> = {}): Service => ({
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

  async function withChildren(rows: ServiceRow[], locale: Locale, options: Options) {
    const children = options.with.includes('children') ? await repo.childrenOf(rows.map((row) => row.id)) : []
    return rows.map((row) =>
      presentService(row, locale, {
        ...(options.count.includes('children') && { children_count: row.childrenCount }),
        ...(options.with.includes('children') && {
          children: children
            .filter((child) => child.parentId === row.id)
            .map((child) => ({
              id: child.id,
              name: inLocale(child.name, locale)!,
              slug: child.slug,
              children_count: child.childrenCount,
            })),
        }),
      }),
    )
  }

  const presentCategory = (row: CategoryRow, locale: Locale): Category => ({
    id: row.id,
    name: inLocale(row.name, locale)!,
    slug: row.slug,
    subtitle: inLocale(row.subtitle, locale)!,
  })

  async function categoryOrThrow(ref: string) {
    const category = await repo.findCategory(ref)
    if (!category) throw new AppError('not_found', 'not_found')
    return category
  }

  async function loadCategories(options: Options, locale: Locale): Promise<Category[]> {
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
            .map((service) => ({
              id: service.id,
              name: inLocale(service.name, locale)!,
              slug: service.slug,
              children_count: service.childrenCount,
            })),
        }),
        ...(options.count.includes('services') && { services_count: counts.get(row.id) ?? 0 }),
        ...(options.with.includes('services') && { services: await servicesOf(row.id) }),
      })),
    )
  }

  return {
    categories(options: Options, locale: Locale): Promise<Category[]> {
      const key = `${locale}|${options.with.join(',')}|${options.count.join(',')}`
      const cached = categoriesCache.get(key)
      if (cached && Date.now() - cached.at < CATEGORIES_CACHE_MS) return cached.value
      const value = loadCategories(options, locale)
      categoriesCache.set(key, { at: Date.now(), value })
      value.catch(() => categoriesCache.delete(key))
      return value
    },

    /** A category with its top-level services, each with its children. */
    async category(ref: string, locale: Locale): Promise<Category> {
      const category = await categoryOrThrow(ref)
      const all = await repo.servicesOfCategory(category.id)
      const topLevel = all.filter((row) => row.parentId === null)
      return {
        ...presentCategory(category, locale),
        image: category.image ? { path: category.image } : null,
        services_count: all.length,
        services: await withChildren(topLevel, locale, { with: ['children'], count: ['children'] }),
      }
    },

    async serviceBySlug(categoryRef: string, slug: string, locale: Locale): Promise<Service> {
      const category = await categoryOrThrow(categoryRef)
      const row = await repo.findService({ categoryId: category.id, slug })
      if (!row) throw new AppError('not_found', 'not_found')
      const [service] = await withChildren([row], locale, { with: ['children'], count: ['children'] })
      return service!
    },

    async service(id: number, locale: Locale): Promise<Service> {
      const row = await repo.findService({ id })
      if (!row) throw new AppError('not_found', 'not_found')
      const [service] = await withChildren([row], locale, { with: ['children'], count: ['children'] })
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
        collection: await withChildren(rows, locale, query),
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
        searchText: searchTextOf([body.name]),
        searchNameText: searchTextOf([body.name]),
        searchNames: [searchTextOf([body.name])],
      })
      return presentService((await repo.pendingService(id))!, locale)
    },

    async settings() {
      return { ...DEFAULT_SETTINGS, ...(await repo.settings()), map_style_url: mapStyleUrl } as Settings
    },

    async marquee(locale: Locale) {
      return {
        collection: (await repo.marquee()).map((item) => ({
          id: item.id,
          title: inLocale(item.title, locale)!,
        })),
      }
    },
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
