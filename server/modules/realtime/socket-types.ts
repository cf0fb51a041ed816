import type { Server, Socket } from 'socket.io'
import type { ClientToServerEvents, ServerToClientEvents } from '#contract/events.ts'

/** What the handshake learns about a socket's user; kept by connection-state recovery with the socket. */
export type SocketData = {
  userId: number
  /** Kept current while the socket is open (./session-guard.ts): a changed role moves its rooms. */
  role: 'user' | 'support' | 'moderator'
  sessionId: string
  tokenExpiresAtMs: number
}

type InterServerEvents = Record<string, never>
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
