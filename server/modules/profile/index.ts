/**
 * The profile area: a person's own account and a specialist's public profile (avatar, about, districts, preview).
 * Takes the users, the sessions and their cache (auth), the specialities, the portfolio, the districts and the
 * entitlements (the wallet's plans); gives `app.profile` (the page heads preview a profile).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AuthPort } from '#server/modules/auth/index.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import type { PortfolioPort } from '#server/modules/portfolio/index.ts'
import type { SpecialitiesPort } from '#server/modules/specialities/index.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { createProfileRepository } from './repository.ts'
import { profileRoutes } from './routes.ts'
import type { ProfileDeps } from './service-deps.ts'
import { createProfileService, type ProfileService } from './service.ts'

export type ProfileContext = AreaContext & {
  users: UsersRepository
  auth: Pick<AuthPort, 'sessions' | 'sessionCache'>
  specialities: SpecialitiesPort
  portfolio: PortfolioPort
  districts: DistrictsRepository
  entitlements: Entitlements
  /** Mails a verification link to a new address (the email area). */
  email?: ProfileDeps['email']
}
export type ProfilePort = { service: ProfileService }

export const profileArea = fp<ProfileContext>(
  async (app, context) => {
    const { database, config, clock, storage, auth, specialities, portfolio } = context
    const profile = createProfileService({
      profiles: createProfileRepository(database.db),
      users: context.users,
      sessions: auth.sessions,
      specialities: specialities.repository,
      portfolio: portfolio.repository,
      districts: context.districts,
      storage,
      clock,
      sessionCache: auth.sessionCache,
      entitlements: context.entitlements,
      publicUrl: config.PUBLIC_URL,
      email: context.email,
    })
    await app.register(profileRoutes, { profile })
    app.decorate('profile', { service: profile } satisfies ProfilePort)
  },
  { name: 'profile-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    profile: ProfilePort
  }
}
