// Reading specialties: a user's, each with its category and service lines in the catalogue's order, and the checks
// a change makes first (the category and services it names).
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { specialities, specialityServices } from '#server/db/schema/specialists.ts'
import type { SpecialityRow, SpecialityWithLines } from './speciality-rows.ts'

/** The specialties (and their lines) of the given rows, in the catalogue's order. */
export async function withLines(
  db: Database,
  rows: SpecialityRow[],
  activeOnly: boolean,
): Promise<SpecialityWithLines[]> {
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

export function createSpecialitiesReadsQueries(db: Database) {
  return {
    withLines: (rows: SpecialityRow[], activeOnly: boolean) => withLines(db, rows, activeOnly),

    /** A user's specialties; only active ones with their active lines when `activeOnly`. */
    async ofUser(userId: number, activeOnly: boolean) {
      const rows = await db
        .select()
        .from(specialities)
        .where(and(eq(specialities.userId, userId), activeOnly ? eq(specialities.active, true) : undefined))
      return withLines(db, rows, activeOnly)
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
  }
}
