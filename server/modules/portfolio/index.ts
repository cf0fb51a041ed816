/**
 * The portfolio area: a specialist's pictures of their work. Takes the users and the entitlements (the wallet's
 * plans); gives `app.portfolio` (the profile area reads a person's).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { createPortfolioRepository, type PortfolioRepository } from './repository.ts'
import { portfolioRoutes } from './routes.ts'
import { createPortfolioService } from './service.ts'

export type PortfolioPort = { repository: PortfolioRepository }

export const portfolioArea = fp<AreaContext & { users: UsersRepository; entitlements: Entitlements }>(
  async (app, { database: { db }, storage, users, entitlements }) => {
    const repository = createPortfolioRepository(db)
    await app.register(portfolioRoutes, {
      portfolio: createPortfolioService(repository, users, storage, entitlements),
    })
    app.decorate('portfolio', { repository } satisfies PortfolioPort)
  },
  { name: 'portfolio-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    portfolio: PortfolioPort
  }
}
