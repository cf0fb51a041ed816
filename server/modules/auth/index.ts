/**
 * The auth area: signup, login, sessions and their refresh, and `app.authenticate` (server/plugins/authenticate.ts),
 * which every guarded route asks. Takes the users, the attempts, the SMS area (codes) and the invite recorder (the
 * wallet's plans); gives `app.auth` (the service, the sessions and the cache of live sessions).
 */
import fp from 'fastify-plugin'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { daysAgo, defineRetention } from '#server/lib/retention.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { SmsPort } from '#server/modules/sms/index.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { PlansPort } from '#server/modules/wallet/index.ts'
import { authenticatePlugin } from '#server/plugins/authenticate.ts'
import { createAccessTokens } from './access-tokens.ts'
import { createSessionsRepository, type SessionsRepository } from './repository.ts'
import { authRoutes } from './routes.ts'
import { createAuthService, type AuthService } from './service.ts'
import {
  createSessionCache,
  SESSION_CACHE_CHANNEL,
  type SessionCache,
  type SessionInvalidation,
} from './session-cache.ts'

export type AuthContext = AreaContext & {
  users: UsersRepository
  attempts: AttemptsRepository
  sms: Pick<SmsPort, 'service'>
  recordInvite: PlansPort['recordInvite']
  /** Mails a verification link to the address a person registered with (the email area). */
  addressGiven?: (user: UserRow, locale: Locale) => Promise<void>
}
export type AuthPort = { service: AuthService; sessions: SessionsRepository; sessionCache: SessionCache }

export const authArea = fp<AuthContext>(
  async (
    app,
    {
      database: { db },
      config,
      clock,
      events,
      broadcastOn,
      jobs,
      metrics,
      users,
      attempts,
      sms,
      recordInvite,
      addressGiven,
    },
  ) => {
    const sessions = createSessionsRepository(db)
    defineRetention({ jobs, metrics, config }, 'sessions', async () => ({
      ended_sessions: await sessions.deleteEndedBefore(daysAgo(clock, config.RETENTION_ENDED_SESSIONS_DAYS)),
    }))
    // A session ended in one process is dropped from every process's cache (through Redis, when there is one).
    const sessionCache = createSessionCache({
      ttlS: config.AUTH_CACHE_TTL_S,
      clock,
      broadcast: broadcastOn<SessionInvalidation>(SESSION_CACHE_CHANNEL),
    })
    app.addHook('onClose', () => sessionCache.close())
    const auth = createAuthService({
      users,
      attempts,
      sms: sms.service,
      clock,
      sessions,
      tokens: createAccessTokens(config.JWT_SECRET, clock),
      sessionCache,
      recordInvite,
      addressGiven,
    })
    // A review changes the specialist's rating and count, which their cached profile would still show.
    events.subscribe((event) =>
      event.type === 'order.reviewed' ? sessionCache.forget({ user: event.executorId }) : undefined,
    )
    await app.register(authenticatePlugin, { authenticate: (bearer) => auth.authenticate(bearer) })
    await app.register(authRoutes, { auth })
    app.decorate('auth', { service: auth, sessions, sessionCache } satisfies AuthPort)
  },
  { name: 'auth-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthPort
  }
}
