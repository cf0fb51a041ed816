import slugify from '@sindresorhus/slugify'
import type { LoginBody, RegisterBody, ResetPasswordBody } from '#contract/schemas/auth.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError, rateLimited, unauthorized } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { decoyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import { windowLimit } from '#server/lib/sliding-window.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { SmsService } from '#server/modules/sms/service.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import { isUniqueViolation, type UsersRepository } from '#server/modules/users/repository.ts'
import type { AccessClaims, AccessTokens } from './access-tokens.ts'
import type { SessionsRepository } from './repository.ts'
import type { SessionCache } from './session-cache.ts'

export const SESSION_RULES = {
  REFRESH_LIFETIME_S: 30 * 24 * 3600,
  FAILED_LOGINS_PER_PHONE: 10,
  FAILED_LOGINS_PER_IP: 30,
  FAILED_LOGIN_WINDOW_S: 15 * 60,
} as const

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
}

export type Session = {
  token: string
  profile: ReturnType<typeof presentProfile>
  refresh: { value: string; expiresAt: Date }
}

const slugBaseOf = (name: string, surname: string) => slugify(`${name} ${surname}`).slice(0, 60) || 'user'

export function createAuthService({
  users,
  sessions,
  attempts,
  sms,
  tokens,
  clock,
  sessionCache,
  recordInvite,
}: Deps) {
  /** The user of a live session: from the session cache while it holds it, else one database read. */
  const sessionUser = (sessionId: string) =>
    sessionCache.userOf(sessionId, () => sessions.liveSession(sessionId, clock.now()))

  async function issueRefreshToken(familyId: string, now: Date) {
    const value = randomToken()
    await sessions.addToken(familyId, sha256(value), now)
    return value
  }

  async function startSession(user: UserRow): Promise<Session> {
    const now = clock.now()
    const family = await sessions.createFamily(
      user.id,
      now,
      addSeconds(now, SESSION_RULES.REFRESH_LIFETIME_S),
    )
    const refresh = await issueRefreshToken(family.id, now)
    const token = await tokens.sign({ userId: user.id, type: user.type, sessionId: family.id })
    return {
      token,
      profile: presentProfile(user, now),
      refresh: { value: refresh, expiresAt: family.expiresAt },
    }
  }

  function assertNotCommon(password: string, field: string) {
    if (isCommonPassword(password)) throw fieldError(field, 'password_too_common')
  }

  /**
   * Records a login try as failed before its password is checked (the check is the slow part a burst hides in),
   * unless the phone or the address already failed too often; counted and recorded as one step. Answers the
   * try, which a right password gives back.
   */
  async function reserveLoginTry(phone: string, ip: string): Promise<number> {
    type Outcome = { reserved: number } | { retryAfterS: number }
    const keys = [`login:phone:${phone}`, `login:ip:${ip}`]
    const outcome = await attempts.exclusive(keys, async (scoped): Promise<Outcome> => {
      const now = clock.now()
      const since = addSeconds(now, -SESSION_RULES.FAILED_LOGIN_WINDOW_S)
      const limits: [{ phone: string } | { ip: string }, number][] = [
        [{ phone }, SESSION_RULES.FAILED_LOGINS_PER_PHONE],
        [{ ip }, SESSION_RULES.FAILED_LOGINS_PER_IP],
      ]
      for (const [by, limit] of limits) {
        const failures = await scoped.since('login', by, since)
        const check = windowLimit(failures, limit, SESSION_RULES.FAILED_LOGIN_WINDOW_S, now)
        if (check.exceeded) return { retryAfterS: check.retryAfterS }
      }
      return { reserved: await scoped.record('login', phone, ip, now) }
    })
    if ('retryAfterS' in outcome) throw rateLimited('too_many_login_attempts', outcome.retryAfterS)
    return outcome.reserved
  }

  return {
    async register(body: RegisterBody, ip: string): Promise<Session> {
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
      const now = clock.now()
      const updated = await users.setPassword(user.id, await hashPassword(body.password), 'customer', now)
      await sessions.revokeAllOfUser(user.id, 'password_reset', now)
      await sessionCache.forget({ user: user.id })
      return startSession(updated ?? user)
    },

    /** Rotates the refresh token; a token presented twice means it leaked, so its whole family is ended. */
    async refresh(presented: string | undefined): Promise<Omit<Session, 'profile'>> {
      if (!presented) throw unauthorized('refresh_invalid')
      const now = clock.now()
      const tokenHash = sha256(presented)
      const found = await sessions.findToken(tokenHash)
      if (!found || found.family.revokedAt || found.family.expiresAt <= now)
        throw unauthorized('refresh_invalid')
      if (found.token.usedAt || !(await sessions.useToken(tokenHash, now))) {
        await sessions.revokeFamily(found.family.id, 'reuse', now)
        await sessionCache.forget({ sessions: [found.family.id] })
        throw unauthorized('refresh_reused')
      }
      const user = await users.findById(found.family.userId)
      if (!user) throw unauthorized('refresh_invalid')
      const refresh = await issueRefreshToken(found.family.id, now)
      const token = await tokens.sign({ userId: user.id, type: user.type, sessionId: found.family.id })
      return { token, refresh: { value: refresh, expiresAt: found.family.expiresAt } }
    },

    async logout(presented: string | undefined, claims: AccessClaims | undefined) {
      const now = clock.now()
      const found = presented ? await sessions.findToken(sha256(presented)) : undefined
      const ended = [...new Set([found?.family.id, claims?.sessionId].filter((id) => id !== undefined))]
      for (const id of ended) await sessions.revokeFamily(id, 'logout', now)
      // Before the answer: the client may send its next request to another process at once.
      if (ended.length > 0) await sessionCache.forget({ sessions: ended })
    },

    /** Who a bearer token speaks for; an ended session's token stops working before it expires. */
    async authenticate(bearer: string): Promise<{ claims: AccessClaims; user: UserRow }> {
      const claims = await tokens.verify(bearer)
      const user = await sessionUser(claims.sessionId)
      if (!user || user.id !== claims.userId) throw unauthorized('unauthorized')
      return { claims, user }
    },

    /** Whose a session is while it lives (undefined once it ended); asked by every socket event, so cached. */
    sessionUser,

    /** Hears, in every process, each session that ends and each user row that changes (the socket server). */
    onSessionChange: sessionCache.onInvalidate,

    profileOf: (user: UserRow) => presentProfile(user, clock.now()),
  }
}
export type AuthService = ReturnType<typeof createAuthService>
