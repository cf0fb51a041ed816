// The accepted specialist's steps of an order's day: each taken once, in order, by one statement each.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orders } from '#server/db/schema/orders.ts'
import { orderProgress } from '#server/db/schema/workday.ts'

export type ProgressRow = typeof orderProgress.$inferSelect
export type NewProgress = Pick<
  ProgressRow,
  'orderId' | 'executorId' | 'step' | 'rank' | 'etaMinutes' | 'tappedAt' | 'clientKey' | 'createdAt'
>

export function createOrderProgressQueries(db: Database) {
  return {
    /** An order's steps, oldest first. */
    async progressOf(orderId: number) {
      return db
        .select()
        .from(orderProgress)
        .where(eq(orderProgress.orderId, orderId))
        .orderBy(asc(orderProgress.rank))
    },

    /** The step a client's key already took on this order, if any (a replay). */
    async progressByKey(orderId: number, clientKey: string) {
      const [row] = await db
        .select()
        .from(orderProgress)
        .where(and(eq(orderProgress.orderId, orderId), eq(orderProgress.clientKey, clientKey)))
      return row
    },

    /**
     * Takes a step in one statement: only while the order is in progress with this specialist, only when no step of
     * the same or a later rank was taken, and never twice for a key or a step (the unique constraints, ON CONFLICT
     * DO NOTHING). Answers the new row, or undefined when nothing was written (the caller finds out why).
     */
    async takeStep(step: NewProgress): Promise<ProgressRow | undefined> {
      const result = await db.execute(sql`
        insert into ${orderProgress}
          (order_id, executor_id, step, rank, eta_minutes, tapped_at, client_key, created_at)
        select ${step.orderId}, ${step.executorId}, ${step.step}, ${step.rank}, ${step.etaMinutes},
               ${step.tappedAt.toISOString()}::timestamptz, ${step.clientKey},
               ${step.createdAt.toISOString()}::timestamptz
        where exists (select 1 from ${orders} where ${orders.id} = ${step.orderId}
                        and ${orders.status} = 'in_progress' and ${orders.executorId} = ${step.executorId})
          and not exists (select 1 from ${orderProgress} where ${orderProgress.orderId} = ${step.orderId}
                            and ${orderProgress.executorId} = ${step.executorId}
                            and ${orderProgress.rank} >= ${step.rank})
        on conflict do nothing
        returning id`)
      const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id
      if (id === undefined) return undefined
      const [row] = await db.select().from(orderProgress).where(eq(orderProgress.id, id))
      return row
    },
  }
}
