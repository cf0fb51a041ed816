import type { LoginBody, RegisterBody, ResetPasswordBody } from '#contract/schemas/auth.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { decoyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { SmsService } from '#server/modules/sms/service.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import { isUniqueViolation } from '#server/db/unique-violation.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { AccessTokens } from './access-tokens.ts'
import { createLoginTries } from './login-tries.ts'
import type { SessionsRepository } from './repository.ts'
import type { SessionCache } from './session-cache.ts'
import { createSessionIssuer, refuseBlocked, type Session } from './session-issuer.ts'
import { createTelegramRegistration, slugBaseOf } from './telegram-registration.ts'

export { SESSION_RULES } from './session-rules.ts'
export type { Session } from './session-issuer.ts'

type Deps = {
  users: UsersRepository
  sessions: SessionsRepository
  attempts: AttemptsRepository
  sms: SmsService
  tokens: AccessTokens
  clock: Clock
  /** Every session ended and every user row changed here is forgotten by it before the answer goes out. */
  sessionCache: SessionCache
  /** Records the invite link a person registered by (decision 015, "Bonuses"). */
  recordInvite?: (inviteeId: number, code: string | null | undefined) => Promise<void>
  /** Mails a verification link to the address a person registered with (the email area, decision 027). */
  addressGiven?: (user: UserRow, locale: Locale) => Promise<void>
}

export function createAuthService({
  users,
  sessions,
  attempts,
  sms,
  tokens,
  clock,
  sessionCache,
  recordInvite,
  addressGiven,
}: Deps) {
  const { startSession, ...sessionsLife } = createSessionIssuer({
    users,
    sessions,
    tokens,
    clock,
    sessionCache,
  })
  const reserveLoginTry = createLoginTries({ attempts, clock })
  const assertNotCommon = (password: string, field: string) => {
    if (isCommonPassword(password)) throw fieldError(field, 'password_too_common')
  }

  return {
    /** A session for an account another proof vouched for (the Telegram Mini App's signed launch data). */
    startSessionFor: (user: UserRow): Promise<Session> => startSession(user),

    registerFromTelegram: createTelegramRegistration({ users, recordInvite }),

    async register(body: RegisterBody, ip: string, locale: Locale): Promise<Session> {
      assertNotCommon(body.password, 'password')
      if (await users.existsByPhone(body.username))
        throw fieldError('username', 'user_with_this_number', 'conflict')
      await sms.consume({ required_id: body.required_id, phone: body.username, purpose: 'register', ip })
      try {
        const user = await users.insert({
          phone: body.username,
          name: body.name,
          surname: body.surname,
          patronymic: body.patronymic || null,
          email: body.email || null,
          passwordHash: await hashPassword(body.password),
          type: body.type,
          slugBase: slugBaseOf(body.name, body.surname),
        })
        await recordInvite?.(user.id, body.invite)
        if (user.email) await addressGiven?.(user, locale)
        return await startSession(user)
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('username', 'user_with_this_number', 'conflict')
        throw error
      }
    },

    async login(body: LoginBody, ip: string): Promise<Session> {
      const tryId = await reserveLoginTry(body.username, ip)
      const user = await users.findByPhone(body.username)
      const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password)
      if (!user || !matches) throw new AppError('auth', 'wrong_credentials')
      await attempts.release(tryId)
      refuseBlocked(user)
      if (user.type === body.type) return startSession(user)
      // The mode switch changes the row every other session of the user holds.
      const switched = await users.setType(user.id, body.type, clock.now())
      await sessionCache.forget({ user: user.id })
      return startSession(switched ?? user)
    },

    /** A new password ends every other session of the account, then logs in here as customer. */
    async resetPassword(body: ResetPasswordBody, ip: string): Promise<Session> {
      assertNotCommon(body.password, 'password')
      const user = await users.findByPhone(body.phone)
      if (!user) throw fieldError('phone', 'user_not_reg', 'not_found')
      await sms.consume({
        required_id: body.required_id,
        phone: body.phone,
        purpose: 'reset_pass',
        code: body.smsCode,
        ip,
      })
      refuseBlocked(user)
      const now = clock.now()
      const updated = await users.setPassword(user.id, await hashPassword(body.password), 'customer', now)
      await sessions.revokeAllOfUser(user.id, 'password_reset', now)
      await sessionCache.forget({ user: user.id })
      return startSession(updated ?? user)
    },

    ...sessionsLife,

    /** Hears, in every process, each session that ends and each user row that changes (the socket server). */
    onSessionChange: sessionCache.onInvalidate,

    profileOf: (user: UserRow) => presentProfile(user, clock.now()),
  }
}
export type AuthService = ReturnType<typeof createAuthService>
