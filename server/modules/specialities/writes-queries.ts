// Changing specialties: writing one with its service lines, removing it, and switching it or a line on and off.
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { specialities, specialityServices } from '#server/db/schema/specialists.ts'
import type { ServiceLine } from './speciality-rows.ts'

export function createSpecialitiesWritesQueries(db: Database) {
  return {
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
