import type { AuthService } from '#server/modules/auth/service.ts'
import type { SessionChange } from '#server/modules/auth/session-cache.ts'
import { HANDSHAKE_ERRORS } from './handshake-errors.ts'
import { settleRooms } from './rooms.ts'
import type { RealtimeSocket } from './socket-types.ts'

/** Sockets checked again at once after a missed broadcast: the rest wait their turn, not the database's pool. */
const RECHECKS_AT_ONCE = 8

type Deps = {
  auth: Pick<AuthService, 'sessionUser' | 'onSessionChange'>
  /** This process's connected sockets: every process hears every change and looks after its own. */
  sockets: () => Iterable<RealtimeSocket>
  onError: (error: unknown) => void
}

/**
 * Keeps a socket no longer than its session: a session that ends (logout, a password reset, a deleted account, a
 * refresh token used twice) disconnects its sockets in every process at once, as the session cache hears of it,
 * and a changed role moves them in or out of the support team's room. Every inbound event asks again whether the
 * session lives, through the session cache (from memory while it holds the session).
 */
export function createSessionGuard({ auth, sockets, onError }: Deps) {
  // Counts the changes heard. A handshake that saw one while it was checking asks again once connected: the
  // socket was not yet among `sockets()` when the change went by.
  let changes = 0
  const changesBeforeHandshake = new WeakMap<RealtimeSocket, number>()

  /** Whether the socket's session still lives, its user unchanged; a changed role moves its rooms. */
  async function stillLive(socket: RealtimeSocket) {
    const user = await auth.sessionUser(socket.data.sessionId)
    if (!user || user.id !== socket.data.userId) return false
    if (user.role !== socket.data.role) {
      socket.data.role = user.role
      settleRooms(socket, user)
    }
    return true
  }

  async function recheck(socket: RealtimeSocket) {
    if (!socket.connected) return false
    if (await stillLive(socket)) return true
    socket.disconnect(true)
    return false
  }

  async function recheckAll(list: RealtimeSocket[]) {
    let next = 0
    const worker = async () => {
      while (next < list.length) await recheck(list[next++]!).catch(onError)
    }
    await Promise.all(Array.from({ length: Math.min(RECHECKS_AT_ONCE, list.length) }, worker))
  }

  function heard(change: SessionChange) {
    changes++
    const mine = [...sockets()]
    if (change !== 'missed' && 'sessions' in change) {
      // Nothing to ask: these sessions are over.
      const ended = new Set(change.sessions)
      for (const socket of mine) if (ended.has(socket.data.sessionId)) socket.disconnect(true)
      return
    }
    const affected = change === 'missed' ? mine : mine.filter((socket) => socket.data.userId === change.user)
    if (affected.length > 0) void recheckAll(affected)
  }
  // Heard inside a logout's or a broadcast's own work, which a failure here must not break.
  auth.onSessionChange((change) => {
    try {
      heard(change)
    } catch (error) {
      onError(error)
    }
  })

  return {
    /** Called as a handshake starts checking its token. */
    handshakeStarted(socket: RealtimeSocket) {
      changesBeforeHandshake.set(socket, changes)
    },

    /**
     * Called once the socket is connected: runs `confirmed` at once if no session changed since its handshake
     * began, else once asked again; if its session ended meanwhile, the socket is disconnected and `refused` runs.
     */
    connected(socket: RealtimeSocket, confirmed: () => void, refused: () => void) {
      const seen = changesBeforeHandshake.get(socket)
      changesBeforeHandshake.delete(socket)
      if (seen === changes) return confirmed()
      recheck(socket).then(
        (live) => (live ? confirmed() : refused()),
        (error: unknown) => {
          onError(error)
          refused()
        },
      )
    },

    /**
     * socket.io middleware for the socket's inbound events: each goes on only while the session lives. The checks
     * run one after another, so events still reach their handlers in the order they came.
     */
    inbound(socket: RealtimeSocket) {
      let previous: Promise<unknown> = Promise.resolve()
      return (_event: unknown[], next: (error?: Error) => void) => {
        const checked = previous.then(() => recheck(socket))
        previous = checked.catch(() => undefined)
        checked.then(
          (live) => next(live ? undefined : new Error(HANDSHAKE_ERRORS.unauthorized)),
          (error: unknown) => {
            onError(error)
            next(new Error(HANDSHAKE_ERRORS.failed))
          },
        )
      }
    },
  }
}
export type SessionGuard = ReturnType<typeof createSessionGuard>
