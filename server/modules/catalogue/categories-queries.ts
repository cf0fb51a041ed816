// The catalogue's categories with their service counts and popular services, and the site's settings and marquee.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, marqueeItems, services, settings } from '#server/db/schema/catalogue.ts'
import { approved, isId } from './services-queries.ts'
import type { CategoryRow } from './catalogue-rows.ts'

export function createCategoriesQueries(db: Database) {
  /** How many approved sub-services each of these services has. */
  async function childrenCounts(parentIds: number[]): Promise<Map<number, number>> {
    if (parentIds.length === 0) return new Map()
    const rows = await db
      .select({ parentId: services.parentId, count: sql<number>`count(*)::int` })
      .from(services)
      .where(and(approved, inArray(services.parentId, parentIds)))
      .groupBy(services.parentId)
    return new Map(rows.map((row) => [row.parentId!, row.count]))
  }

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

    /** The first `perCategory` priority services of each category, in their order, with their children counted. */
    async priorityServices(perCategory: number) {
      const ranked = db
        .select({
          id: services.id,
          categoryId: services.categoryId,
          name: services.name,
          slug: services.slug,
          rank: sql<number>`row_number() over (partition by ${services.categoryId} order by ${services.position}, ${services.id})`.as(
            'rank',
          ),
        })
        .from(services)
        .where(and(approved, eq(services.priority, true), isNull(services.parentId)))
        .as('ranked')
      const rows = await db
        .select({ id: ranked.id, categoryId: ranked.categoryId, name: ranked.name, slug: ranked.slug })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perCategory}`)
      // NOTE: the correlated children count cannot go inside the ranked subquery: Drizzle writes the outer row's id
      // there as a bare "id", which the count reads as its own row's id, so every count was 0.
      const counts = await childrenCounts(rows.map((row) => row.id))
      return rows.map((row) => ({ ...row, childrenCount: counts.get(row.id) ?? 0 }))
    },

    async settings(): Promise<Record<string, unknown>> {
      const rows = await db.select().from(settings)
      return Object.fromEntries(rows.map((row) => [row.key, row.value]))
    },

    marquee: () => db.select().from(marqueeItems).orderBy(asc(marqueeItems.position), asc(marqueeItems.id)),
  }
}
