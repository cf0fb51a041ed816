// An order's own row: publishing it within the customer's cap, finding it, and moving it between statuses (with the
// refusal a let-go specialist leaves). Every write empties the kept public answers.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { withLock, type Database } from '#server/db/client.ts'
import { orderRefusals, orders } from '#server/db/schema/orders.ts'
import {
  LIVE_STATUSES,
  type KeptOrderAnswers,
  type OrderStatus,
  type Published,
  type RefusalReason,
} from './order-rows.ts'

/** Passes a written row on once the kept answers are emptied (nothing written, nothing emptied). */
export const forgetOnWrite =
  (kept: KeptOrderAnswers | undefined) =>
  async <T>(row: T) => {
    if (row) await kept?.forget()
    return row
  }

/**
 * `transition` with a refusal: the chosen specialist it lets go is recorded in `order_refusals` in the same
 * transaction, read from the locked row, so a racing re-choice cannot hide one.
 */
function transitionRefusing(
  db: Database,
  id: number,
  from: OrderStatus[],
  changes: Partial<typeof orders.$inferInsert>,
  refusal: RefusalReason,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ executorId: orders.executorId, chosenAt: orders.chosenAt, updatedAt: orders.updatedAt })
      .from(orders)
      .where(and(eq(orders.id, id), inArray(orders.status, from)))
      .for('update')
    if (!before) return undefined
    const [row] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning()
    const letGo =
      before.executorId !== null &&
      (refusal === 'canceled' || (changes.executorId ?? null) !== before.executorId)
    if (row && letGo) {
      await tx.insert(orderRefusals).values({
        orderId: id,
        executorId: before.executorId!,
        reason: refusal,
        chosenAt: before.chosenAt ?? before.updatedAt,
        refusedAt: row.updatedAt,
      })
    }
    return row
  })
}

export function createOrderWritesQueries(db: Database, kept?: KeptOrderAnswers) {
  const changed = forgetOnWrite(kept)
  return {
    /**
     * Adds a customer's order unless they already hold `liveAtMost` live orders (LIVE_STATUSES). A key the customer
     * already used answers its order instead (a replay), whatever they hold. The key's check, the count and the
     * insert run one customer at a time (an advisory lock held to the commit), so concurrent publishes cannot all
     * pass a count taken before any of them was written.
     */
    async insertWithinCap(
      values: typeof orders.$inferInsert & { customerId: number },
      liveAtMost: number,
    ): Promise<Published> {
      const published = await withLock(db, `orders:customer:${values.customerId}`, async (tx) => {
        if (values.idempotencyKey) {
          const [earlier] = await tx
            .select()
            .from(orders)
            .where(
              and(eq(orders.customerId, values.customerId), eq(orders.idempotencyKey, values.idempotencyKey)),
            )
            .limit(1)
          if (earlier) return { earlier }
        }
        const live = tx
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.customerId, values.customerId), inArray(orders.status, LIVE_STATUSES)))
          .limit(liveAtMost)
          .as('live')
        const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(live)
        if ((held?.n ?? 0) >= liveAtMost) return { full: true as const }
        const [created] = await tx.insert(orders).values(values).returning()
        return { created: created! }
      })
      if ('created' in published) await changed(published.created)
      return published
    },

    async findByIdempotencyKey(customerId: number, key: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
        .limit(1)
      return row
    },

    async find(id: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return row
    },

    /**
     * Changes an order only if it is still in one of `from`: two racing actions cannot both win. With `refusal`
     * (the customer cancels, or chooses someone else) the chosen specialist it lets go is recorded.
     */
    async transition(
      id: number,
      from: OrderStatus[],
      changes: Partial<typeof orders.$inferInsert>,
      refusal?: RefusalReason,
    ) {
      if (refusal) return changed(await transitionRefusing(db, id, from, changes, refusal))
      const [row] = await db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), inArray(orders.status, from)))
        .returning()
      return changed(row)
    },
  }
}
