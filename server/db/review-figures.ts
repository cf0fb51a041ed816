// A specialist's rating and reviews count, kept on their user row (the profile, the lists, their indexes read them).
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { reviews } from './schema/orders.ts'
import { users } from './schema/users.ts'

/** The reviews that count and are shown: all but those a moderator hid (docs/decisions/030-proposed-services-and-hidden-reviews.md). */
export const shownReview = isNull(reviews.hiddenAt)

/**
 * Counts a specialist's shown reviews and their average again, into their user row: run in the transaction that
 * adds, hides or shows a review, so the figures always match the reviews anyone can read.
 */
export async function recountReviews(tx: Pick<Database, 'select' | 'update'>, executorId: number) {
  const counted = tx
    .select({
      n: sql<number>`count(*)::int`.as('n'),
      average: sql<number>`coalesce(avg(${reviews.rating}), 0)::real`.as('average'),
    })
    .from(reviews)
    .where(and(eq(reviews.executorId, executorId), shownReview))
    .as('counted')
  await tx
    .update(users)
    .set({
      reviewsCount: sql`(select ${counted.n} from ${counted})`,
      rating: sql`(select round(${counted.average}::numeric, 2)::real from ${counted})`,
    })
    .where(eq(users.id, executorId))
}
