import type { Clock } from '#server/lib/clock.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'

/**
 * Profiles count someone as online for 5 minutes after `last_seen_at` (users/present-profile.ts), so a person
 * with an open socket is marked seen again well inside that window.
 */
export const PRESENCE_REFRESH_MS = 120_000
/** Connections arriving together (a deploy, a network coming back) share one UPDATE. */
export const PRESENCE_FLUSH_MS = 500

type Deps = {
  users: Pick<UsersRepository, 'markSeen'>
  clock: Clock
  onError: (error: unknown) => void
}

/**
 * Keeps `users.last_seen_at` current for the people whose sockets this process holds: marked on connect, again
 * every PRESENCE_REFRESH_MS while connected, and once more when their last socket here closes.
 */
export function createPresence({ users, clock, onError }: Deps) {
  const socketsOf = new Map<number, number>()
  const pending = new Set<number>()
  let flushTimer: NodeJS.Timeout | undefined

  async function flush() {
    clearTimeout(flushTimer)
    flushTimer = undefined
    if (pending.size === 0) return
    const ids = [...pending]
    pending.clear()
    await users.markSeen(ids, clock.now()).catch(onError)
  }

  function markSoon(userId: number) {
    pending.add(userId)
    flushTimer ??= setTimeout(() => void flush(), PRESENCE_FLUSH_MS)
  }

  const refresh = setInterval(() => {
    for (const userId of socketsOf.keys()) markSoon(userId)
  }, PRESENCE_REFRESH_MS)
  refresh.unref()

  return {
    connected(userId: number) {
      socketsOf.set(userId, (socketsOf.get(userId) ?? 0) + 1)
      markSoon(userId)
    },

    disconnected(userId: number) {
      const left = (socketsOf.get(userId) ?? 1) - 1
      if (left > 0) return void socketsOf.set(userId, left)
      socketsOf.delete(userId)
      markSoon(userId)
    },

    /** Writes what is pending; called on shutdown, before the database closes. */
    async close() {
      clearInterval(refresh)
      await flush()
    },
  }
}
export type Presence = ReturnType<typeof createPresence>
