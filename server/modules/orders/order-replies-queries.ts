// What specialists and customers add to an order: the replies, counted on the order, and the review, counted on
// the specialist's profile.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { recountReviews } from '#server/db/review-figures.ts'
import { hiddenOrders, orders, replies, reviews } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import type { KeptOrderAnswers } from './order-rows.ts'
import { forgetOnWrite } from './order-writes-queries.ts'

export function createOrderRepliesQueries(db: Database, kept?: KeptOrderAnswers) {
  const changed = forgetOnWrite(kept)
  return {
    /** Adds a reply and counts it in one transaction; a second reply of the same executor answers undefined. */
    async addReply(values: typeof replies.$inferInsert) {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx.insert(replies).values(values).onConflictDoNothing().returning()
        if (row) {
          await tx
            .update(orders)
            .set({ repliesCount: sql`${orders.repliesCount} + 1` })
            .where(eq(orders.id, values.orderId))
        }
        return row
      })
      // The list shows each order's number of replies.
      return changed(row)
    },

    /** "Not interested": kept once however often it is said. */
    async hide(userId: number, orderId: number, createdAt: Date) {
      await db.insert(hiddenOrders).values({ userId, orderId, createdAt }).onConflictDoNothing()
    },

    async replyOf(orderId: number, executorId: number) {
      const [row] = await db
        .select()
        .from(replies)
        .where(and(eq(replies.orderId, orderId), eq(replies.executorId, executorId)))
        .limit(1)
      return row
    },

    /** Replies with their executor's public name, profile slug and rating; only `executorId`'s own when given. */
    repliesOf: (orderId: number, executorId?: number) =>
      db
        .select({
          id: replies.id,
          orderId: replies.orderId,
          executorId: replies.executorId,
          message: replies.message,
          createdAt: replies.createdAt,
          executorName: sql<string>`${users.name} || ' ' || ${users.surname}`,
          executorSlug: users.slug,
          executorRating: users.rating,
          executorReviewsCount: users.reviewsCount,
          executorVerification: users.verification,
        })
        .from(replies)
        .innerJoin(users, eq(users.id, replies.executorId))
        .where(
          and(
            eq(replies.orderId, orderId),
            executorId === undefined ? undefined : eq(replies.executorId, executorId),
          ),
        )
        .orderBy(asc(replies.createdAt), asc(replies.id)),

    async reviewOf(orderId: number) {
      const [row] = await db.select().from(reviews).where(eq(reviews.orderId, orderId)).limit(1)
      return row
    },

    /**
     * Adds the review and recounts its specialist's rating and reviews count in the same transaction, so the
     * figures on their profile and in the specialists list always match their reviews.
     */
    async addReview(values: typeof reviews.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning()
        if (row) await recountReviews(tx, values.executorId)
        return row
      })
    },
  }
}
