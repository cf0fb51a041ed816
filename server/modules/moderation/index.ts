/**
 * The moderation of what people add to the product (docs/decisions/030-proposed-services-and-hidden-reviews.md): the services they propose (approved into
 * the catalogue, merged into one it has, or rejected) and the reviews they write (hidden when they break the rules,
 * or shown again). Takes the auth area (a specialist's cached profile is read again when their rating changes);
 * gives `app.moderation`, which the console's routes (server/modules/admin) call. Its decisions are domain events:
 * the notifier tells the proposer, the catalogue and the public pages forget what they kept.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AuthPort } from '#server/modules/auth/index.ts'
import { createAuditLog } from '#server/modules/audit/audit-log.ts'
import { createProposalsModeration, type ProposalsModeration } from './proposals.ts'
import { createProposalsQueries } from './proposals-queries.ts'
import { createReviewsModeration, type ReviewsModeration } from './reviews.ts'
import { createReviewsQueries } from './reviews-queries.ts'

export type ModerationPort = { proposals: ProposalsModeration; reviews: ReviewsModeration }

export const moderationArea = fp<AreaContext & { auth: AuthPort }>(
  async (app, { database: { db }, clock, events, auth }) => {
    const audit = createAuditLog(db)
    const proposals = createProposalsModeration({ repo: createProposalsQueries(db), audit, clock, events })
    const reviews = createReviewsModeration({
      repo: createReviewsQueries(db),
      audit,
      clock,
      events,
      forgetUser: (userId) => auth.sessionCache.forget({ user: userId }),
    })
    app.decorate('moderation', { proposals, reviews } satisfies ModerationPort)
  },
  { name: 'moderation-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationPort
  }
}
