/**
 * The specialities area: the services a specialist offers, with their prices. Takes the users and the
 * entitlements (the wallet's plans); gives `app.specialities` (the profile area reads a person's).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { createSpecialitiesRepository, type SpecialitiesRepository } from './repository.ts'
import { specialityRoutes } from './routes.ts'
import { createSpecialitiesService } from './service.ts'

export type SpecialitiesPort = { repository: SpecialitiesRepository }

export const specialitiesArea = fp<AreaContext & { users: UsersRepository; entitlements: Entitlements }>(
  async (app, { database: { db }, users, entitlements }) => {
    const repository = createSpecialitiesRepository(db)
    await app.register(specialityRoutes, {
      specialities: createSpecialitiesService(repository, users, entitlements),
    })
    app.decorate('specialities', { repository } satisfies SpecialitiesPort)
  },
  { name: 'specialities-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    specialities: SpecialitiesPort
  }
}
