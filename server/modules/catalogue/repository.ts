import { and, asc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { foldForSearch } from '#contract/search-text.ts'
import type { Database } from '#server/db/client.ts'
import { categories, marqueeItems, services, settings } from '#server/db/schema/catalogue.ts'

export type CategoryRow = typeof categories.$inferSelect
export type ServiceRow = typeof services.$inferSelect & {
  categorySlug: string
  categoryName: CategoryRow['name']
  childrenCount: number
}

const approved = eq(services.status, 'approved')
const childrenCount = sql<number>`(select count(*)::int from ${services} as c where c.parent_id = ${services.id} and c.status = 'approved')`

// A numeric reference is an id, anything else a slug (both come from URLs).
const isId = (ref: string) => /^\d+$/.test(ref)

export function createCatalogueRepository(db: Database) {
  const serviceColumns = {
    ...getTableColumns(services),
    categorySlug: categories.slug,
    categoryName: categories.name,
    childrenCount,
  }
  const selectServices = () =>
    db.select(serviceColumns).from(services).innerJoin(categories, eq(categories.id, services.categoryId))

  return {
    listCategories: () => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),

    async findCategory(ref: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(categories)
        .where(isId(ref) ? eq(categories.id, Number(ref)) : eq(categories.slug, ref))
        .limit(1)
      return row
    },

    /** Approved services per category, sub-services included. */
    async serviceCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ categoryId: services.categoryId, count: sql<number>`count(*)::int` })
        .from(services)
        .where(approved)
        .groupBy(services.categoryId)
      return new Map(rows.map((row) => [row.categoryId, row.count]))
    },

    /** The first `perCategory` priority services of each category, in their order. */
    async priorityServices(perCategory: number) {
      const ranked = db
        .select({
          id: services.id,
          categoryId: services.categoryId,
          name: services.name,
          slug: services.slug,
          childrenCount: childrenCount.as('children_count'),
          rank: sql<number>`row_number() over (partition by ${services.categoryId} order by ${services.position}, ${services.id})`.as(
            'rank',
          ),
        })
        .from(services)
        .where(and(approved, eq(services.priority, true), isNull(services.parentId)))
        .as('ranked')
      return db
        .select()
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perCategory}`)
    },

    servicesOfCategory: (categoryId: number) =>
      selectServices()
        .where(and(approved, eq(services.categoryId, categoryId)))
        .orderBy(asc(services.position), asc(services.id)),

    async findService(
      where: { id: number } | { categoryId: number; slug: string },
    ): Promise<ServiceRow | undefined> {
      const condition =
        'id' in where
          ? eq(services.id, where.id)
          : and(eq(services.categoryId, where.categoryId), eq(services.slug, where.slug))
      const [row] = await selectServices().where(and(approved, condition)).limit(1)
      return row
    },

    childrenOf: (parentIds: number[]) =>
      parentIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: services.id,
              parentId: services.parentId,
              name: services.name,
              slug: services.slug,
              childrenCount,
            })
            .from(services)
            .where(and(approved, inArray(services.parentId, parentIds)))
            .orderBy(asc(services.position), asc(services.id)),

    /**
     * Approved services matching the filters. A search matches any language and script (see foldForSearch) and
     * tolerates a typo through trigram similarity; exact names rank first, then names starting with the text,
     * then names containing it, then the closest spellings.
     */
    async searchServices(filters: {
      search?: string
      categoryId?: number
      parentId?: number
      page: number
      perPage: number
    }) {
      const folded = filters.search ? foldForSearch(filters.search) : ''
      const conditions: SQL[] = [approved]
      if (filters.categoryId !== undefined) conditions.push(eq(services.categoryId, filters.categoryId))
      if (filters.parentId !== undefined) conditions.push(eq(services.parentId, filters.parentId))
      if (folded) {
        conditions.push(
          sql`(${services.searchText} like ${`%${folded}%`} or ${folded} <% ${services.searchText})`,
        )
      }
      const where = and(...conditions)
      const order: SQL[] = folded
        ? [
            sql`case when ${folded} = any(${services.searchNames}) then 0
                     when ${services.searchText} ~ ${`(^| )${folded}`} then 1
                     when ${services.searchText} like ${`%${folded}%`} then 2
                     else 3 end`,
            sql`word_similarity(${folded}, ${services.searchText}) desc`,
            sql`${services.parentId} is not null`,
            asc(services.id),
          ]
        : [asc(categories.position), asc(services.position), asc(services.id)]
      const [rows, [total]] = await Promise.all([
        selectServices()
          .where(where)
          .orderBy(...order)
          .limit(filters.perPage)
          .offset((filters.page - 1) * filters.perPage),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(services)
          .where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },

    async insertService(values: typeof services.$inferInsert) {
      const [row] = await db.insert(services).values(values).returning({ id: services.id })
      return row!.id
    },

    async pendingService(id: number): Promise<ServiceRow | undefined> {
      const [row] = await selectServices().where(eq(services.id, id)).limit(1)
      return row
    },

    async settings(): Promise<Record<string, unknown>> {
      const rows = await db.select().from(settings)
      return Object.fromEntries(rows.map((row) => [row.key, row.value]))
    },

    marquee: () => db.select().from(marqueeItems).orderBy(asc(marqueeItems.position), asc(marqueeItems.id)),
  }
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
