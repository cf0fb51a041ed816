import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { specialities, specialityServices } from '#server/db/schema/specialists.ts'

export type SpecialityRow = typeof specialities.$inferSelect
export type ServiceLine = {
  serviceId: number
  priceFrom: number | null
  priceTo: number | null
  active: boolean
}

/** A specialty with its category and service lines, as the presenters read it. */
export type SpecialityWithLines = SpecialityRow & {
  category: { id: number; slug: string; name: typeof categories.$inferSelect.name }
  lines: {
    id: number
    active: boolean
    priceFrom: number | null
    priceTo: number | null
    service: { id: number; slug: string; name: typeof services.$inferSelect.name }
  }[]
}

export function createSpecialitiesRepository(db: Database) {
  /** The specialties (and their lines) of the given rows, in the catalogue's order. */
  async function withLines(rows: SpecialityRow[], activeOnly: boolean): Promise<SpecialityWithLines[]> {
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    const [cats, lines] = await Promise.all([
      db
        .select({
          id: categories.id,
          slug: categories.slug,
          name: categories.name,
          position: categories.position,
        })
        .from(categories)
        .where(
          inArray(
            categories.id,
            rows.map((row) => row.categoryId),
          ),
        ),
      db
        .select({
          id: specialityServices.id,
          specialityId: specialityServices.specialityId,
          active: specialityServices.active,
          priceFrom: specialityServices.priceFrom,
          priceTo: specialityServices.priceTo,
          service: { id: services.id, slug: services.slug, name: services.name },
        })
        .from(specialityServices)
        .innerJoin(services, eq(services.id, specialityServices.serviceId))
        .where(
          and(
            inArray(specialityServices.specialityId, ids),
            activeOnly ? eq(specialityServices.active, true) : undefined,
          ),
        )
        .orderBy(asc(services.position), asc(services.id)),
    ])
    const categoryById = new Map(cats.map((cat) => [cat.id, cat]))
    return rows
      .filter((row) => categoryById.has(row.categoryId))
      .sort(
        (a, b) =>
          categoryById.get(a.categoryId)!.position - categoryById.get(b.categoryId)!.position || a.id - b.id,
      )
      .map((row) => {
        const { position: _position, ...category } = categoryById.get(row.categoryId)!
        return {
          ...row,
          category,
          lines: lines
            .filter((line) => line.specialityId === row.id)
            .map(({ specialityId: _id, ...line }) => line),
        }
      })
  }

  return {
    withLines,

    /** A user's specialties; only active ones with their active lines when `activeOnly`. */
    async ofUser(userId: number, activeOnly: boolean) {
      const rows = await db
        .select()
        .from(specialities)
        .where(and(eq(specialities.userId, userId), activeOnly ? eq(specialities.active, true) : undefined))
      return withLines(rows, activeOnly)
    },

    /** The categories of a user's specialties, active or not (all count towards the limit without a plan). */
    async categoriesOf(userId: number) {
      const rows = await db
        .select({ categoryId: specialities.categoryId })
        .from(specialities)
        .where(eq(specialities.userId, userId))
      return rows.map((row) => row.categoryId)
    },

    async find(id: number) {
      const [row] = await db.select().from(specialities).where(eq(specialities.id, id)).limit(1)
      return row
    },

    async findLine(id: number) {
      const [row] = await db.select().from(specialityServices).where(eq(specialityServices.id, id)).limit(1)
      return row
    },

    /** Which of these services are approved services of the category. */
    async servicesOfCategory(categoryId: number, serviceIds: number[]) {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.categoryId, categoryId),
            inArray(services.id, serviceIds),
            eq(services.status, 'approved'),
          ),
        )
      return new Set(rows.map((row) => row.id))
    },

    async categoryExists(id: number) {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
      return row !== undefined
    },

    /**
     * Adds a category to a user's specialties (or finds it) and writes its lines; with `replace` the lines not
     * given are removed. One transaction: a failed line leaves the specialty as it was.
     */
    async write(userId: number, categoryId: number, lines: ServiceLine[], replace: boolean) {
      return db.transaction(async (tx) => {
        const [speciality] = await tx
          .insert(specialities)
          .values({ userId, categoryId })
          .onConflictDoUpdate({
            target: [specialities.userId, specialities.categoryId],
            set: { userId: sql`excluded.user_id` },
          })
          .returning()
        if (replace) {
          await tx.delete(specialityServices).where(
            and(
              eq(specialityServices.specialityId, speciality!.id),
              notInArray(
                specialityServices.serviceId,
                lines.map((line) => line.serviceId),
              ),
            ),
          )
        }
        await tx
          .insert(specialityServices)
          .values(lines.map((line) => ({ ...line, specialityId: speciality!.id, userId })))
          .onConflictDoUpdate({
            target: [specialityServices.specialityId, specialityServices.serviceId],
            set: {
              priceFrom: sql`excluded.price_from`,
              priceTo: sql`excluded.price_to`,
              active: sql`excluded.active`,
            },
          })
        return speciality!
      })
    },

    async remove(id: number) {
      await db.delete(specialities).where(eq(specialities.id, id))
    },

    async setLineActive(id: number, active: boolean) {
      await db.update(specialityServices).set({ active }).where(eq(specialityServices.id, id))
    },

    async setActive(id: number, active: boolean) {
      await db.update(specialities).set({ active }).where(eq(specialities.id, id))
    },

    async setAllActive(userId: number, active: boolean) {
      await db.update(specialities).set({ active }).where(eq(specialities.userId, userId))
    },
  }
}
export type SpecialitiesRepository = ReturnType<typeof createSpecialitiesRepository>
