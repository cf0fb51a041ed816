import type { FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import * as v from 'valibot'
import {
  CLIENT_EVENTS,
  ConnectUserPayloadSchema,
  notifRoom,
  SOCKET_PATH,
  type ConnectUserAck,
} from '#contract/events.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Metrics } from '#server/lib/metrics.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { silentHub, type RealtimeHub } from '#server/modules/notifications/ports.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { authenticateHandshake } from './handshake.ts'
import { createChatHub, createHub, silentChatHub, type ChatHub } from './hub.ts'
import { createPresence } from './presence.ts'
import { createRecovery } from './recovery.ts'
import { createRedisAdapter } from './redis-adapter.ts'
import { roomsOf } from './rooms.ts'
import { createSessionGuard } from './session-guard.ts'
import type { RealtimeServer, RealtimeSocket } from './socket-types.ts'

/**
 * The largest chat message (4000 characters, up to 4 bytes each in UTF-8) with room for a few small events that
 * long-polling sends in the same request; anything near this size is not one of ours.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024
/** How long a dropped connection may come back with its rooms and the events it missed (a phone between networks). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000
const MAX_TIMER_MS = 2 ** 31 - 1

/** What the socket server asks of the notifications module; wired after both exist (`setHooks`). */
export type RealtimeHooks = {
  /** A user's app joined its room; `locale` is the language it shows, when it said. */
  onUserConnected: (userId: number, locale: Locale | undefined) => Promise<void> | void
  /** The count the `connect_user` answer carries. */
  unreadCount: (userId: number) => Promise<number> | number
  /** Each new connection, for modules with events of their own (the chat). */
  onSocket: (socket: RealtimeSocket) => void
}

export type RealtimeOptions = {
  /** The Redis stream the processes share (with REDIS_URL); unset, REDIS_KEY_PREFIX + `socket.io`. */
  redisStreamName?: string
}

export type Realtime = {
  hub: RealtimeHub
  chatHub: ChatHub
  /** Absent when the app was built without sockets. */
  io: RealtimeServer | undefined
  setHooks: (hooks: Partial<RealtimeHooks>) => void
}

/** For apps built without a socket server: emits go nowhere. */
export const noRealtime: Realtime = {
  hub: silentHub,
  chatHub: silentChatHub,
  io: undefined,
  setHooks: () => undefined,
}

type Deps = RealtimeOptions & {
  auth: AuthService
  users: Pick<UsersRepository, 'markSeen'>
  clock: Clock
  redisUrl: string | undefined
  metrics: Pick<Metrics, 'socketsConnected'>
}

/**
 * socket.io on the API's own HTTP server and port (spec section 7), attached directly because fastify-socket.io
 * does not support Fastify 5. It answers only under SOCKET_PATH; every other request still reaches Fastify.
 */
export function attachRealtime(app: FastifyInstance, deps: Deps): Realtime {
  const log = app.log.child({ module: 'realtime' })
  const logError = (message: string) => (error: unknown) => log.error({ err: error }, message)
  const hooks: RealtimeHooks = {
    onUserConnected: () => undefined,
    unreadCount: () => 0,
    onSocket: () => undefined,
  }

  const redis = deps.redisUrl
    ? createRedisAdapter({
        url: deps.redisUrl,
        ...(deps.redisStreamName && { streamName: deps.redisStreamName }),
        onError: (error) => log.warn({ err: error }, 'redis for sockets unavailable'),
      })
    : undefined
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    // Both transports: the app opens a websocket first and falls back to long-polling (CHAT_CONNECTION).
    transports: ['polling', 'websocket'],
    // Compressing every small frame costs CPU and a zlib context per socket; chat frames are a few hundred bytes.
    perMessageDeflate: false,
    // The app connects from its own origin, so no CORS headers are sent; other sites have no token to offer.
    // The handshake runs again on recovery, so an ended session cannot come back through it (./recovery.ts).
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(redis && { adapter: redis.adapter }),
  })
  const presence = createPresence({
    users: deps.users,
    clock: deps.clock,
    onError: logError('presence update failed'),
  })

  const recovery = createRecovery(deps.auth)
  recovery.guard(io.of('/').adapter)
  const guard = createSessionGuard({
    auth: deps.auth,
    sockets: () => io.of('/').sockets.values(),
    onError: logError('socket session check failed'),
  })

  io.use(
    authenticateHandshake({ auth: deps.auth, guard, recovery, onError: logError('socket handshake failed') }),
  )
  io.on('connection', (socket) => {
    // Before any handler: an event of a session that ended goes no further.
    socket.use(guard.inbound(socket))
    const { userId } = socket.data
    presence.connected(userId)
    deps.metrics.socketsConnected.inc()
    const expiry = closeAtTokenExpiry(socket, deps.clock)
    socket.on('disconnect', () => {
      deps.metrics.socketsConnected.dec()
      clearTimeout(expiry)
      presence.disconnected(userId)
    })
    socket.on(CLIENT_EVENTS.connectUser, (payload, ack) => void connectUser(socket, payload, ack))
    hooks.onSocket(socket)
    // What a recovered socket missed goes out once its session is known to be still live.
    guard.connected(
      socket,
      () => recovery.deliver(socket),
      () => recovery.drop(socket),
    )
  })

  async function connectUser(socket: RealtimeSocket, payload: unknown, ack: unknown) {
    // Inbound payloads are whatever a client sent, whatever the event map says.
    const answer = typeof ack === 'function' ? (ack as (answer: ConnectUserAck) => void) : () => undefined
    const parsed = v.safeParse(ConnectUserPayloadSchema, payload)
    if (!parsed.success) return answer({ ok: false, error: 'invalid_request' })
    const { userId } = socket.data
    const room = notifRoom(userId)
    try {
      await socket.join(roomsOf({ id: userId, role: socket.data.role }))
      const [, unread] = await Promise.all([
        hooks.onUserConnected(userId, parsed.output.locale),
        hooks.unreadCount(userId),
      ])
      answer({ ok: true, room, unread })
    } catch (error) {
      logError('connect_user failed')(error)
      answer({ ok: false, error: 'error_occurred' })
    }
  }

  // Closing starts in preClose, so open sockets do not hold Fastify's server close open; onClose waits for it.
  // io.close() ends each socket's connection under it: its client sees "transport close" and reconnects by itself
  // (through the proxy, to another process), where a server-side disconnect() would keep it away.
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await io.close()
      await presence.close()
      await redis?.close()
    })())
  app.addHook('preClose', async () => void close())
  app.addHook('onClose', close)

  return {
    hub: createHub(io),
    chatHub: createChatHub(io),
    io,
    setHooks: (changes) => Object.assign(hooks, changes),
  }
}

/**
 * A socket must not outlive its access token: at the token's expiry its connection is closed. The client then
 * reconnects by itself, taking a fresh token from its `auth` callback, and recovers what it missed meanwhile; a
 * session that ended is refused at that handshake.
 */
function closeAtTokenExpiry(socket: RealtimeSocket, clock: Clock) {
  const leftMs = socket.data.tokenExpiresAtMs - clock.now().getTime()
  const timer = setTimeout(() => socket.conn.close(), Math.min(Math.max(0, leftMs), MAX_TIMER_MS))
  timer.unref()
  return timer
}
