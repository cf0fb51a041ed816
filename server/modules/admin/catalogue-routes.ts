// The console's proposed services and reviews (contract/moderation-catalogue-endpoints.ts): moderators only.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ModerationPort } from '#server/modules/moderation/index.ts'
import { moderatorOf } from './routes.ts'

export async function adminCatalogueRoutes(
  app: FastifyInstance,
  { moderation: { proposals, reviews } }: { moderation: ModerationPort },
) {
  contractRoute(app, endpoints.adminProposals, ({ request, query }) => {
    moderatorOf(request)
    return proposals.queue(query.cursor, request.locale)
  })
  contractRoute(app, endpoints.approveProposal, ({ request, params, body }) =>
    proposals.approve(params.id, moderatorOf(request), body, request.locale),
  )
  contractRoute(app, endpoints.mergeProposal, ({ request, params, body }) =>
    proposals.merge(params.id, moderatorOf(request), body.into, request.locale),
  )
  contractRoute(app, endpoints.rejectProposal, ({ request, params, body }) =>
    proposals.reject(params.id, moderatorOf(request), body.reason),
  )
  contractRoute(app, endpoints.adminReviews, ({ request, query }) => {
    moderatorOf(request)
    return reviews.page(query)
  })
  contractRoute(app, endpoints.hideReview, ({ request, params, body }) =>
    reviews.hide(params.id, moderatorOf(request), body.reason),
  )
  contractRoute(app, endpoints.unhideReview, ({ request, params, body }) =>
    reviews.unhide(params.id, moderatorOf(request), body.reason),
  )
}
