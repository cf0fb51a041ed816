import type { AuthService } from '#server/modules/auth/service.ts'
import { roomsStillTheirs } from './rooms.ts'
import type { RealtimeServer, RealtimeSocket, SocketData } from './socket-types.ts'

type Adapter = RealtimeServer['sockets']['adapter']
type Session = Awaited<ReturnType<Adapter['restoreSession']>>

// socket.io-parser's PacketType.EVENT: the packet socket.io itself writes for each missed event.
const EVENT_PACKET = 2
type PacketWriter = { packet: (packet: { type: number; data: unknown[] }) => void }

/** What a recovered socket brought back: whose it was, and the events it missed meanwhile. */
export type Restored = { userId: number; missed: unknown[][] }

const isSocketData = (data: unknown): data is SocketData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as SocketData).userId === 'number' &&
  typeof (data as SocketData).sessionId === 'string'

/**
 * socket.io's connection-state recovery gives a returning socket its rooms and the events it missed, and writes
 * those events to it before the handshake has checked the token it brings. Here a recovery is refused when the
 * session it was kept for has ended or its rooms are no longer all its user's (a removed staff member's support
 * room): the socket then starts afresh, and the app, seeing it was not recovered, joins and catches up over HTTP.
 * The missed events of a recovery allowed are held back until the handshake has let the same user in.
 */
export function createRecovery(auth: Pick<AuthService, 'sessionUser'>) {
  // Keyed by the restored `socket.data` object, which socket.io hands the new socket as it is.
  const held = new WeakMap<object, unknown[][]>()
  const ready = new WeakMap<RealtimeSocket, unknown[][]>()

  async function stillTheirs(session: Session) {
    if (!isSocketData(session.data)) return false
    const user = await auth.sessionUser(session.data.sessionId)
    return user?.id === session.data.userId && roomsStillTheirs(session.rooms, session.sid, user)
  }

  return {
    /** Makes the adapter (in memory or Redis) restore through the checks above. */
    guard(adapter: Adapter) {
      const restore = adapter.restoreSession.bind(adapter)
      adapter.restoreSession = async (pid, offset) => {
        const session = await restore(pid, offset)
        // socket.io reads null as "nothing to recover", as the in-memory adapter answers an unknown session.
        if (!session || !(await stillTheirs(session))) return null as unknown as Session
        held.set(session.data as object, session.missedPackets)
        return { ...session, missedPackets: [] }
      }
    },

    /** What the socket brought back, taken once; read before the handshake replaces `socket.data`. */
    take(socket: RealtimeSocket): Restored | undefined {
      if (!socket.recovered || !isSocketData(socket.data)) return undefined
      const missed = held.get(socket.data) ?? []
      held.delete(socket.data)
      return { userId: socket.data.userId, missed }
    },

    /** Keeps the missed events for the socket until it is connected and its session confirmed (`deliver`). */
    keep(socket: RealtimeSocket, missed: unknown[][]) {
      if (missed.length > 0) ready.set(socket, missed)
    },

    /** Writes the kept events, as socket.io would have, each with the offset the app resumes from next time. */
    deliver(socket: RealtimeSocket) {
      const missed = ready.get(socket)
      ready.delete(socket)
      // NOTE: `packet` is socket.io's own (private) way to write these; `emit` would store them in the stream again.
      for (const data of missed ?? [])
        (socket as unknown as PacketWriter).packet({ type: EVENT_PACKET, data })
    },

    /** Drops what was kept for a socket that will not get it (its session changed while it was connecting). */
    drop(socket: RealtimeSocket) {
      ready.delete(socket)
    },
  }
}
export type Recovery = ReturnType<typeof createRecovery>
