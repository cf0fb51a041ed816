// Reviews as moderators see them (hidden ones too), and hiding or showing one again with its specialist's figures
// counted anew in the same transaction.
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { recountReviews } from '#server/db/review-figures.ts'
import { reviews } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'

const authors = alias(users, 'authors')
const specialists = alias(users, 'specialists')

const cursorAt = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  cursorAt,
  author: { id: authors.id, name: authors.name, surname: authors.surname },
  specialist: {
    id: specialists.id,
    name: specialists.name,
    surname: specialists.surname,
    slug: specialists.slug,
  },
}

export function createReviewsQueries(db: Database) {
  const withPeople = () =>
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(authors, eq(authors.id, reviews.customerId))
      .innerJoin(specialists, eq(specialists.id, reviews.executorId))

  /** Hides or shows the review once (a second time finds nothing to change) and counts its specialist again. */
  const setHidden = (id: number, change: { at: Date; reason: string; by: number } | null) =>
    db.transaction(async (tx) => {
      const [changed] = await tx
        .update(reviews)
        .set({
          hiddenAt: change?.at ?? null,
          hiddenReason: change?.reason ?? null,
          hiddenBy: change?.by ?? null,
        })
        .where(and(eq(reviews.id, id), change ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt)))
        .returning({ executorId: reviews.executorId })
      if (changed) await recountReviews(tx, changed.executorId)
      return changed !== undefined
    })

  return {
    /** Newest first, after the cursor's row, of one specialist or of all; one more than asked. */
    page: (limit: number, options: { after?: { at: string; id: number }; specialistId?: number }) =>
      withPeople()
        .where(
          and(
            options.specialistId === undefined ? undefined : eq(reviews.executorId, options.specialistId),
            options.after
              ? sql`(${reviews.createdAt}, ${reviews.id}) < (${options.after.at}::timestamptz, ${options.after.id}::int)`
              : undefined,
          ),
        )
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit + 1),

    byId: async (id: number) => (await withPeople().where(eq(reviews.id, id)))[0],

    hide: (id: number, change: { at: Date; reason: string; by: number }) => setHidden(id, change),
    unhide: (id: number) => setHidden(id, null),
  }
}
export type ReviewsQueries = ReturnType<typeof createReviewsQueries>
export type ModeratedReviewRow = NonNullable<Awaited<ReturnType<ReviewsQueries['byId']>>>
