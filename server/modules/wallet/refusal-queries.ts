// The wallet's refused-services report (decision 015): the orders a specialist was chosen for and then let go.
import { count, desc, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orderRefusals, orders } from '#server/db/schema/orders.ts'

export function createRefusalQueries(db: Database) {
  return {
    /** The orders the person was chosen for and then let go by the customer, newest first (the report). */
    async refusals(userId: number, limit: number, offset: number) {
      const where = eq(orderRefusals.executorId, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            orderId: orders.id,
            name: orders.name,
            price: orders.price,
            priceMin: orders.priceMin,
            priceMax: orders.priceMax,
            reason: orderRefusals.reason,
            chosenAt: orderRefusals.chosenAt,
            refusedAt: orderRefusals.refusedAt,
          })
          .from(orderRefusals)
          .innerJoin(orders, eq(orders.id, orderRefusals.orderId))
          .where(where)
          .orderBy(desc(orderRefusals.refusedAt), desc(orderRefusals.id))
          .limit(limit)
          .offset(offset),
        db.select({ count: count() }).from(orderRefusals).where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },
  }
}
