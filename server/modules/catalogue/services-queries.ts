// The catalogue's services: a service's row with its category and counts, the lists of them, a new one proposed.
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import type { ServiceRow } from './catalogue-rows.ts'

export const approved = eq(services.status, 'approved')
const parentSlug = sql<string | null>`(select p.slug from ${services} as p where p.id = ${services.parentId})`
const childrenCount = sql<number>`(select count(*)::int from ${services} as c where c.parent_id = ${services.id} and c.status = 'approved')`

// A numeric reference is an id, anything else a slug (both come from URLs).
export const isId = (ref: string) => /^\d+$/.test(ref)

const serviceColumns = {
  ...getTableColumns(services),
  categorySlug: categories.slug,
  categoryName: categories.name,
  childrenCount,
  parentSlug,
}

/** Services with their category's slug and name, their parent's slug and their approved children counted. */
export const selectServices = (db: Database) =>
  db.select(serviceColumns).from(services).innerJoin(categories, eq(categories.id, services.categoryId))

export function createServicesQueries(db: Database) {
  return {
    /** Every approved top-level service, in catalogue order. */
    topLevelServices: () =>
      selectServices(db)
        .where(and(approved, isNull(services.parentId)))
        .orderBy(asc(categories.position), asc(services.position), asc(services.id)),

    servicesOfCategory: (categoryId: number) =>
      selectServices(db)
        .where(and(approved, eq(services.categoryId, categoryId)))
        .orderBy(asc(services.position), asc(services.id)),

    async findService(
      where: { id: number } | { categoryId: number; slug: string },
    ): Promise<ServiceRow | undefined> {
      const condition =
        'id' in where
          ? eq(services.id, where.id)
          : and(eq(services.categoryId, where.categoryId), eq(services.slug, where.slug))
      const [row] = await selectServices(db).where(and(approved, condition)).limit(1)
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

    async insertService(values: typeof services.$inferInsert) {
      const [row] = await db.insert(services).values(values).returning({ id: services.id })
      return row!.id
    },

    async pendingService(id: number): Promise<ServiceRow | undefined> {
      const [row] = await selectServices(db).where(eq(services.id, id)).limit(1)
      return row
    },
  }
}
