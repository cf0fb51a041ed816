import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Clock } from '#server/lib/clock.ts'

/** Some sessions ended, or a user's row changed (every session of theirs then reads it again). */
export type SessionInvalidation = { sessions: string[] } | { user: number }
/** An invalidation, or `'missed'` when some may have been lost (the broadcast reconnected): trust nothing kept. */
export type SessionChange = SessionInvalidation | 'missed'

/** The Redis channel on which processes (and the operators' commands) tell each other what to forget. */
export const SESSION_CACHE_CHANNEL = 'session-cache'

/** A live session as the database answers it: its user and its absolute end. */
export type LiveSession = { user: UserRow; expiresAt: Date }

// Bounds the memory: past this many sessions the oldest entries go (they are read again when needed).
const MAX_SESSIONS = 20_000

/**
 * The live sessions recently checked, with their user rows, for `ttlS` seconds, so that an authenticated request
 * needs no database round trip. Everything that ends a session or changes a user row calls `forget` before it
 * answers; with a broadcast (REDIS_URL), every other process forgets too before that answer goes out, and while
 * the broadcast is not connected nothing is served from memory. `ttlS` 0 turns the cache off.
 */
export function createSessionCache({
  ttlS,
  clock,
  broadcast,
  maxSessions = MAX_SESSIONS,
}: {
  ttlS: number
  clock: Clock
  broadcast?: Broadcast<SessionInvalidation> | undefined
  maxSessions?: number
}) {
  const sessions = new Map<string, { user: UserRow; untilMs: number }>()
  const sessionsOfUser = new Map<number, Set<string>>()
  // Bumped by every invalidation: a database read that started before one must not be kept after it.
  let generation = 0
  const listeners: ((change: SessionChange) => void)[] = []

  const trusted = () => ttlS > 0 && (broadcast?.live ?? true)

  function drop(sessionId: string) {
    const entry = sessions.get(sessionId)
    if (!entry) return
    sessions.delete(sessionId)
    const ofUser = sessionsOfUser.get(entry.user.id)
    ofUser?.delete(sessionId)
    if (ofUser?.size === 0) sessionsOfUser.delete(entry.user.id)
  }

  function apply(invalidation: SessionChange) {
    generation++
    if (invalidation === 'missed') {
      sessions.clear()
      sessionsOfUser.clear()
    } else if ('sessions' in invalidation) {
      for (const sessionId of invalidation.sessions) drop(sessionId)
    } else {
      for (const sessionId of [...(sessionsOfUser.get(invalidation.user) ?? [])]) drop(sessionId)
    }
    // After the drop: a listener that asks again reads the database, not what was just forgotten.
    for (const listener of listeners) listener(invalidation)
  }

  function keep(sessionId: string, live: LiveSession, nowMs: number) {
    drop(sessionId)
    if (sessions.size >= maxSessions) drop(sessions.keys().next().value!)
    // NOTE: the row is shared by every request of the session until it expires; frozen so none can change it.
    const user = Object.freeze(live.user)
    sessions.set(sessionId, { user, untilMs: Math.min(nowMs + ttlS * 1000, live.expiresAt.getTime()) })
    const ofUser = sessionsOfUser.get(user.id) ?? new Set<string>()
    sessionsOfUser.set(user.id, ofUser.add(sessionId))
  }

  broadcast?.listen(apply)

  return {
    /** The user of a live session: from memory when checked within `ttlS` seconds, else from `load`. */
    async userOf(
      sessionId: string,
      load: () => Promise<LiveSession | undefined>,
    ): Promise<UserRow | undefined> {
      const nowMs = clock.now().getTime()
      const cached = trusted() ? sessions.get(sessionId) : undefined
      if (cached && cached.untilMs > nowMs) return cached.user
      if (cached) drop(sessionId)
      const readAt = generation
      const live = await load()
      if (!live) return undefined
      if (trusted() && generation === readAt) keep(sessionId, live, nowMs)
      return live.user
    },

    /** Drops the sessions or the user here and, with a broadcast, in every other process before it resolves. */
    async forget(invalidation: SessionInvalidation) {
      apply(invalidation)
      await broadcast?.publish(invalidation)
    },

    /**
     * Hears every invalidation applied here, its own and (with a broadcast) every other process's, so that what
     * holds a session open besides requests (sockets) can end with it. With a broadcast, this process's own
     * invalidations arrive twice (applied at once, then heard back): a listener must not mind.
     */
    onInvalidate(listener: (change: SessionChange) => void) {
      listeners.push(listener)
    },

    /** Whether requests are answered from memory now (not with a TTL of 0, nor while the broadcast is down). */
    get serving() {
      return trusted()
    },

    close: async () => broadcast?.close(),
  }
}
export type SessionCache = ReturnType<typeof createSessionCache>
