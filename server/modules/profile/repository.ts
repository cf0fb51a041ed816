import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { refreshTokenFamilies } from '#server/db/schema/auth.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { orders, replies, reviews } from '#server/db/schema/orders.ts'
import {
  calendarEvents,
  documents,
  profileViews,
  specialities,
  works,
} from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { profileVisibleTo } from './visibility.ts'

const WEEK_S = 7 * 24 * 3600

/** Weekly counts: the week's index from the first Monday (0…) and the figures of that week. */
type WeekRow = { week: number; n: number; average?: number | null }

export function createProfileRepository(db: Database) {
  /** The week (from 0) a timestamp falls in, counted from `start` (a Monday midnight in Tashkent). */
  const weekOf = (column: unknown, start: Date) =>
    sql<number>`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / ${WEEK_S})::int`

  async function weekly(query: Promise<WeekRow[]>) {
    return new Map((await query).map((row) => [Number(row.week), row]))
  }

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
        weekly(
          db
            .select({ week: weekOf(replies.createdAt, start), n: sql<number>`count(*)::int` })
            .from(replies)
            .where(and(eq(replies.executorId, userId), gte(replies.createdAt, start)))
            .groupBy(sql`1`),
        ),
        weekly(
          db
            .select({ week: weekOf(orders.chosenAt, start), n: sql<number>`count(*)::int` })
            .from(orders)
            .where(and(eq(orders.executorId, userId), gte(orders.chosenAt, start)))
            .groupBy(sql`1`),
        ),
        weekly(
          db
            .select({ week: weekOf(orders.completedAt, start), n: sql<number>`count(*)::int` })
            .from(orders)
            .where(and(eq(orders.executorId, userId), gte(orders.completedAt, start)))
            .groupBy(sql`1`),
        ),
        weekly(
          db
            .select({
              week: weekOf(reviews.createdAt, start),
              n: sql<number>`count(*)::int`,
              average: sql<number>`avg(${reviews.rating})::float8`,
            })
            .from(reviews)
            .where(and(eq(reviews.executorId, userId), gte(reviews.createdAt, start)))
            .groupBy(sql`1`),
        ),
      ])
      return { views, sent, chosen, completed, reviewed }
    },

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
        .where(and(eq(reviews.executorId, userId), after))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(perPage + 1)
        .offset('offset' in at ? at.offset : 0)
    },

    /** How many reviews gave each number of stars. */
    async ratingBreakdown(userId: number) {
      const rows = await db
        .select({ rating: reviews.rating, n: count() })
        .from(reviews)
        .where(eq(reviews.executorId, userId))
        .groupBy(reviews.rating)
      const breakdown = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
      for (const row of rows)
        if (row.rating >= 1 && row.rating <= 5) breakdown[row.rating as 1 | 2 | 3 | 4 | 5] = Number(row.n)
      return breakdown
    },

    /** The user by id or slug when `viewerId` (undefined: a guest) may open their profile (./visibility.ts). */
    async findVisible(ref: { id: number } | { slug: string }, viewerId: number | undefined) {
      const [row] = await db
        .select()
        .from(users)
        .where(and('id' in ref ? eq(users.id, ref.id) : eq(users.slug, ref.slug), profileVisibleTo(viewerId)))
        .limit(1)
      return row
    },

    /**
     * Deletes an account as decision 009 says: the row stays (orders and reviews point to it) with nothing
     * personal left, its slug and phone replaced by `deleted-<id>` (unique, never a phone anyone logs in with),
     * a password hash nothing verifies against, its specialist data deleted and every session ended.
     */
    async anonymise(id: number, now: Date) {
      await db.transaction(async (tx) => {
        const gone = `deleted-${id}`
        await tx
          .update(users)
          .set({
            slug: gone,
            phone: gone,
            name: '—',
            surname: '',
            patronymic: null,
            email: null,
            passwordHash: '!',
            avatar: null,
            avatarThumb: null,
            photo: null,
            birthday: null,
            gender: 'not_specified',
            address: null,
            languages: [],
            telegramId: null,
            telegramNotifications: false,
            emailNotifications: false,
            acceptsOrders: false,
            lookingForInternship: false,
            worksRemotely: false,
            acceptsAtOwnPlace: false,
            discountPercent: 0,
            discountText: null,
            districtIds: [],
            about: null,
            workAddresses: [],
            searchName: '',
            lastSeenAt: null,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, id))
        await tx.delete(specialities).where(eq(specialities.userId, id))
        await tx.delete(documents).where(eq(documents.userId, id))
        await tx.delete(works).where(eq(works.userId, id))
        await tx.delete(calendarEvents).where(eq(calendarEvents.userId, id))
        await tx.delete(profileViews).where(eq(profileViews.userId, id))
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: now, revokedReason: 'logout' })
          .where(and(eq(refreshTokenFamilies.userId, id), isNull(refreshTokenFamilies.revokedAt)))
      })
    },
  }
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>
