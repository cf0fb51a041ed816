/**
 * The promotion area: a master's promotion, its own endpoints, the cards above /executors, and new orders heard
 * first. Takes the entitlements (the wallet's plans); gives `app.promotion` (the notifier asks who is promoted).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { createPromotionRepository } from './repository.ts'
import { promotionRoutes } from './routes.ts'
import { createPromotionService, type PromotionService } from './service.ts'

export type PromotionPort = { service: PromotionService }

export const promotionArea = fp<AreaContext & { entitlements: Entitlements }>(
  async (app, { database: { db }, clock, entitlements }) => {
    const promotion = createPromotionService(createPromotionRepository(db), entitlements, clock)
    await app.register(promotionRoutes, { promotion })
    app.decorate('promotion', { service: promotion } satisfies PromotionPort)
  },
  { name: 'promotion-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    promotion: PromotionPort
  }
}
