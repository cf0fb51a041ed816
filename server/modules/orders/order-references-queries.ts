// What an order names outside the orders' tables: its services (which exist, which a specialist offers) and the
// people of it (a direct order's specialist, the other party's contact).
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { specialities, specialityServices } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'

export function createOrderReferencesQueries(db: Database) {
  return {
    async categoryOfService(serviceId: number) {
      const [row] = await db
        .select({ categoryId: services.categoryId })
        .from(services)
        .where(eq(services.id, serviceId))
      return row?.categoryId
    },

    /** Which of these services a specialist provides now: an active line of one of their active specialties. */
    async offeredServices(userId: number, ids: number[]) {
      const rows = await db
        .selectDistinct({ id: specialityServices.serviceId })
        .from(specialityServices)
        .innerJoin(specialities, eq(specialities.id, specialityServices.specialityId))
        .where(
          and(
            eq(specialityServices.userId, userId),
            inArray(specialityServices.serviceId, ids),
            eq(specialityServices.active, true),
            eq(specialities.active, true),
          ),
        )
      return rows.map((row) => row.id)
    },

    async existingServices(ids: number[]) {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(and(inArray(services.id, ids), eq(services.status, 'approved')))
      return rows.map((row) => row.id)
    },

    /** What the other party of an accepted order sees of a user: name, phone and profile slug. */
    async contactOf(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          phone: users.phone,
          slug: users.slug,
        })
        .from(users)
        // A deleted account has no contact left to give.
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1)
      return row
    },

    /** Whether a user exists who takes orders: a direct order can be sent to them. */
    async takesOrders(userId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.acceptsOrders, true), isNull(users.deletedAt)))
        .limit(1)
      return row !== undefined
    },
  }
}
