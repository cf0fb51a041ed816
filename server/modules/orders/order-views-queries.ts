// How often orders were looked at: the views counted in memory, and who looked at which order on which day.
import { lt, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orderViewers } from '#server/db/schema/orders.ts'

export function createOrderViewsQueries(db: Database) {
  return {
    /** Adds the views counted in memory (view-counter.ts), every order in one statement whatever their number. */
    async addViews(counts: ReadonlyMap<number, number>) {
      if (counts.size === 0) return
      // NOTE: the arrays go as text literals ('{1,2}'): a JS array parameter breaks PGlite's protocol state.
      const ids = `{${[...counts.keys()].join(',')}}`
      const ns = `{${[...counts.values()].join(',')}}`
      await db.execute(sql`
        update orders set views = orders.views + counted.n
        from unnest(${ids}::int[], ${ns}::int[]) as counted(id, n)
        where orders.id = counted.id`)
    },

    /**
     * Notes that `viewer` (a digest, order-viewers.ts) looked at the order on `day`; true when it is their first look
     * that day. A repeated look finds the key and writes nothing.
     */
    async markViewed(orderId: number, viewer: string, day: string) {
      const added = await db
        .insert(orderViewers)
        .values({ day, orderId, viewer })
        .onConflictDoNothing()
        .returning({ orderId: orderViewers.orderId })
      return added.length > 0
    },

    /** Deletes who looked at orders on the days before `day`. */
    async forgetViewersBefore(day: string) {
      await db.delete(orderViewers).where(lt(orderViewers.day, day))
    },
  }
}
