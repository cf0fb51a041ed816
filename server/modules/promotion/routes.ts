import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { PromotionService } from './service.ts'

/** The caller's profile promotion (docs/decisions/016-plan-features.md). */
export async function promotionRoutes(app: FastifyInstance, { promotion }: { promotion: PromotionService }) {
  contractRoute(app, endpoints.promotion, ({ request }) => promotion.promotion(request.user!))
  contractRoute(app, endpoints.startPromotion, ({ body, request }) =>
    promotion.start(request.user!, body.days),
  )
  contractRoute(app, endpoints.stopPromotion, ({ request }) => promotion.stop(request.user!))
}
