// The reviews of a specialist's work: a page of them with author and service, and the count of each star rating.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { shownReview } from '#server/db/review-figures.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { reviews } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'

export function createProfileReviewsQueries(db: Database) {
  return {
    /**
     * Reviews of a user's work, newest first, with their author's name and the service: after `after` (the
     * `createdAt` and id of the last one shown) or at `offset` for the first numbered pages, one more than asked to
     * tell whether there is a next page. `reviews_executor_created` serves both; `cursorAt` keeps the microseconds
     * a JavaScript date would lose, so a row written in the same millisecond is not skipped.
     */
    async reviewsOf(
      userId: number,
      perPage: number,
      at: { after: { createdAt: string; id: number } } | { offset: number },
    ) {
      const after =
        'after' in at
          ? sql`(${reviews.createdAt}, ${reviews.id}) < (${at.after.createdAt}::timestamptz, ${at.after.id}::int)`
          : undefined
      return db
        .select({
          id: reviews.id,
          orderId: reviews.orderId,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
          cursorAt: sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          authorName: users.name,
          authorSurname: users.surname,
          serviceId: services.id,
          serviceName: services.name,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.customerId))
        .leftJoin(services, eq(services.id, reviews.serviceId))
        .where(and(eq(reviews.executorId, userId), shownReview, after))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(perPage + 1)
        .offset('offset' in at ? at.offset : 0)
    },

    /** How many shown reviews gave each number of stars. */
    async ratingBreakdown(userId: number) {
      const rows = await db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(and(eq(reviews.executorId, userId), shownReview))
        .groupBy(reviews.rating)
      const breakdown = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
      for (const row of rows)
        if (row.rating >= 1 && row.rating <= 5) breakdown[row.rating as 1 | 2 | 3 | 4 | 5] = Number(row.n)
      return breakdown
    },
  }
}
