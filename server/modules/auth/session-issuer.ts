// A session's life: starting one (an access token and a refresh token), rotating its refresh token, ending it,
// and telling whose a live session's token is.
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { AccessClaims, AccessTokens } from './access-tokens.ts'
import type { SessionsRepository } from './repository.ts'
import type { SessionCache } from './session-cache.ts'
import { SESSION_RULES } from './session-rules.ts'

/** A blocked account (decision 029) starts no session, by any way in: the spec's "temporarily no access". */
export function refuseBlocked(user: Pick<UserRow, 'blockedAt'>) {
  if (user.blockedAt) throw new AppError('forbidden', 'forbidden')
}

export type Session = {
  token: string
  profile: ReturnType<typeof presentProfile>
  refresh: { value: string; expiresAt: Date }
}

export function createSessionIssuer({
  users,
  sessions,
  tokens,
  clock,
  sessionCache,
}: {
  users: UsersRepository
  sessions: SessionsRepository
  tokens: AccessTokens
  clock: Clock
  sessionCache: SessionCache
}) {
  /** The user of a live session: from the session cache while it holds it, else one database read. */
  const sessionUser = (sessionId: string) =>
    sessionCache.userOf(sessionId, () => sessions.liveSession(sessionId, clock.now()))

  async function issueRefreshToken(familyId: string, now: Date) {
    const value = randomToken()
    await sessions.addToken(familyId, sha256(value), now)
    return value
  }

  return {
    async startSession(user: UserRow): Promise<Session> {
      refuseBlocked(user)
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
      if (!user || user.blockedAt) throw unauthorized('refresh_invalid')
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

    /**
     * Ends every session of the account at once (a moderator's block): no refresh works again, and every process
     * forgets them, which disconnects their sockets (realtime/session-guard.ts), before this resolves.
     */
    async endAllSessions(userId: number, reason: 'blocked') {
      await sessions.revokeAllOfUser(userId, reason, clock.now())
      await sessionCache.forget({ user: userId })
    },
  }
}
