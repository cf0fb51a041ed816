// A specialist's reviews: pages of them (by number or cursor), their rating breakdown, and who wrote each.
import type { UserReview } from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { inLocale } from '#server/i18n/localized.ts'
import type { ProfileRepository } from './repository.ts'
import { notFound, type ProfileDeps } from './service-deps.ts'

/** "Dilnoza R.": a reviewer is named by their first name and the initial of the surname. */
const authorOf = (name: string, surname: string) => (surname ? `${name} ${surname.slice(0, 1)}.` : name)

/** A reviews cursor: the newest-first keys of the last review shown. */
function readReviewsCursor(cursor: string) {
  const [createdAt, id] = decodeCursor(cursor, ['date', 'number'])
  return { createdAt: createdAt as string, id: id as number }
}

/** A page of reviews after the cursor a page before wrote, or by number; with where the next one starts. */
export async function reviewsPage(
  profiles: ProfileRepository,
  userId: number,
  at: { page: number; perPage: number; cursor?: string },
  locale: Locale,
) {
  const { perPage } = at
  const rows = await profiles.reviewsOf(
    userId,
    perPage,
    at.cursor === undefined ? { offset: (at.page - 1) * perPage } : { after: readReviewsCursor(at.cursor) },
  )
  const last = rows.length > perPage ? rows[perPage - 1] : undefined
  const collection = rows.slice(0, perPage).map((row): UserReview => ({
    id: row.id,
    order_id: row.orderId,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
    author: authorOf(row.authorName, row.authorSurname),
    service:
      row.serviceId !== null && row.serviceName !== null
        ? { id: row.serviceId, name: inLocale(row.serviceName, locale) }
        : null,
  }))
  return { collection, nextCursor: last ? encodeCursor([last.cursorAt, last.id]) : null }
}

export function createProfileReviews({ profiles }: ProfileDeps) {
  return {
    async reviews(
      userId: number,
      query: { page: number; perPage: number; cursor?: string },
      caller: UserRow | undefined,
      locale: Locale,
    ) {
      const user = await profiles.findVisible({ id: userId }, caller?.id)
      if (!user) throw notFound()
      const [{ collection, nextCursor }, breakdown] = await Promise.all([
        reviewsPage(profiles, userId, query, locale),
        profiles.ratingBreakdown(userId),
      ])
      return {
        collection,
        // The reviews count is the maintained counter on the user, not a count per request.
        meta: { page: query.page, perPage: query.perPage, total: user.reviewsCount, next_cursor: nextCursor },
        breakdown,
        rating: user.rating,
        reviews_count: user.reviewsCount,
      }
    },
  }
}
