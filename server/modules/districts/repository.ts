import { asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { districts, regions } from '#server/db/schema/specialists.ts'

export function createDistrictsRepository(db: Database) {
  return {
    /** Every region with its districts, in the seed's order. */
    async all() {
      const [regionRows, districtRows] = await Promise.all([
        db.select().from(regions).orderBy(asc(regions.position), asc(regions.id)),
        db.select().from(districts).orderBy(asc(districts.position), asc(districts.id)),
      ])
      return regionRows.map((region) => ({
        ...region,
        districts: districtRows.filter((district) => district.regionId === region.id),
      }))
    },

    async byIds(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select()
        .from(districts)
        .where(inArray(districts.id, ids))
        .orderBy(asc(districts.regionId), asc(districts.position), asc(districts.id))
    },

    async exists(id: number) {
      const [row] = await db.select({ id: districts.id }).from(districts).where(eq(districts.id, id))
      return row !== undefined
    },
  }
}
export type DistrictsRepository = ReturnType<typeof createDistrictsRepository>
