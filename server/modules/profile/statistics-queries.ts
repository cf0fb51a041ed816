// A specialist's figures: the profile's views by day, and the weekly counts the statistics page shows.
import { and, eq, gte, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { shownReview } from '#server/db/review-figures.ts'
import { orders, replies, reviews } from '#server/db/schema/orders.ts'
import { profileViews } from '#server/db/schema/specialists.ts'

const WEEK_S = 7 * 24 * 3600

/** Weekly counts: the week's index from the first Monday (0…) and the figures of that week. */
type WeekRow = { week: number; n: number; average?: number | null }

/** The week (from 0) a timestamp falls in, counted from `start` (a Monday midnight in Tashkent). */
const weekOf = (column: unknown, start: Date) =>
  sql<number>`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / ${WEEK_S})::int`

async function weekly(query: Promise<WeekRow[]>) {
  return new Map((await query).map((row) => [Number(row.week), row]))
}

export function createProfileStatisticsQueries(db: Database) {
  return {
    /** One more view of a profile today: one upsert per read, on the (user, day) key. */
    async countView(userId: number, day: string) {
      await db
        .insert(profileViews)
        .values({ userId, day, views: 1 })
        .onConflictDoUpdate({
          target: [profileViews.userId, profileViews.day],
          set: { views: sql`${profileViews.views} + 1` },
        })
    },

    /** The figures of the weeks since `start` (a Monday midnight, Tashkent), keyed by the week's index. */
    async weeklyFigures(userId: number, start: Date, startDay: string) {
      /** The rows of `table` about the user (`owner`) by the week their `at` falls in. */
      const countPerWeek = (table: PgTable, owner: PgColumn, at: PgColumn) =>
        weekly(
          db
            .select({ week: weekOf(at, start), n: sql<number>`count(*)::int` })
            .from(table)
            .where(and(eq(owner, userId), gte(at, start)))
            .groupBy(sql`1`),
        )
      const [views, sent, chosen, completed, reviewed] = await Promise.all([
        weekly(
          db
            .select({
              week: sql<number>`((${profileViews.day} - ${startDay}::date) / 7)::int`,
              n: sql<number>`sum(${profileViews.views})::int`,
            })
            .from(profileViews)
            .where(and(eq(profileViews.userId, userId), gte(profileViews.day, startDay)))
            .groupBy(sql`1`),
        ),
        countPerWeek(replies, replies.executorId, replies.createdAt),
        countPerWeek(orders, orders.executorId, orders.chosenAt),
        countPerWeek(orders, orders.executorId, orders.completedAt),
        weekly(
          db
            .select({
              week: weekOf(reviews.createdAt, start),
              n: sql<number>`count(*)::int`,
              average: sql<number>`avg(${reviews.rating})::float8`,
            })
            .from(reviews)
            .where(and(eq(reviews.executorId, userId), shownReview, gte(reviews.createdAt, start)))
            .groupBy(sql`1`),
        ),
      ])
      return { views, sent, chosen, completed, reviewed }
    },
  }
}
