// Reviews in the moderators' console (docs/decisions/030-proposed-services-and-hidden-reviews.md): the newest first, and hiding one that breaks the rules
// (or showing it again). A hidden review is read nowhere and counts in no rating; each change is audited, and the
// specialist's cached profile and public pages are read again.
import type { AdminReview } from '#contract/schemas/moderation.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import { pageOf, readKeyset } from './keyset.ts'
import type { ModeratedReviewRow, ReviewsQueries } from './reviews-queries.ts'

const REVIEWS_PAGE = 20

type Deps = {
  repo: ReviewsQueries
  audit: AuditLog
  clock: Clock
  events: DomainEvents
  /** The specialist's cached user row (with its rating) is read again. */
  forgetUser: (userId: number) => Promise<void>
}

const presentReview = (row: ModeratedReviewRow): AdminReview => ({
  id: row.id,
  order_id: row.orderId,
  rating: row.rating,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  author: row.author,
  specialist: row.specialist,
  hidden: row.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null,
})

export function createReviewsModeration({ repo, audit, clock, events, forgetUser }: Deps) {
  /** After a change: audited with its reason, the specialist's figures read again everywhere they are kept. */
  async function changed(id: number, moderator: UserRow, hidden: boolean, reason: string) {
    const row = (await repo.byId(id))!
    await audit.record(
      {
        actorId: moderator.id,
        action: hidden ? 'review.hide' : 'review.unhide',
        target: `review:${id}`,
        reason: reason || null,
      },
      clock.now(),
    )
    await forgetUser(row.specialist.id)
    events.publish({
      type: 'review.moderated',
      reviewId: id,
      executorId: row.specialist.id,
      executorSlug: row.specialist.slug,
      hidden,
    })
    return presentReview(row)
  }

  /** Nothing changed: the review is already as asked (409), or there is none (404). */
  const unchanged = async (id: number, code: 'review_already_hidden' | 'review_not_hidden') =>
    (await repo.byId(id)) ? new AppError('conflict', code) : new AppError('not_found', 'not_found')

  return {
    async page(query: { cursor?: string | undefined; specialist?: number | undefined }) {
      const rows = await repo.page(REVIEWS_PAGE, {
        after: readKeyset(query.cursor),
        specialistId: query.specialist,
      })
      const { page, nextCursor } = pageOf(rows, REVIEWS_PAGE)
      return { collection: page.map(presentReview), next_cursor: nextCursor }
    },

    async hide(id: number, moderator: UserRow, reason: string) {
      if (!(await repo.hide(id, { at: clock.now(), reason, by: moderator.id })))
        throw await unchanged(id, 'review_already_hidden')
      return changed(id, moderator, true, reason)
    },

    async unhide(id: number, moderator: UserRow, reason: string) {
      if (!(await repo.unhide(id))) throw await unchanged(id, 'review_not_hidden')
      return changed(id, moderator, false, reason)
    },
  }
}
export type ReviewsModeration = ReturnType<typeof createReviewsModeration>
