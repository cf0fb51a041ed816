import { i18n } from '@lingui/core'
import { io, type Socket } from 'socket.io-client'
import * as v from 'valibot'
import {
  CHAT_CONNECTION,
  ChatMarkEventSchema,
  ChatMessageEventSchema,
  CLIENT_EVENTS,
  ConnectUserAckSchema,
  NotifPayloadSchema,
  OrderProgressPayloadSchema,
  SERVER_EVENTS,
  SOCKET_PATH,
  UnreadPayloadSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '#contract/events.ts'
import { announceOrderEvent, orderIdOfLink } from '#src/lib/live-orders.ts'
import { announceProgress } from '#src/lib/live-progress.ts'
import { currentLocale, type Locale } from '#src/lib/locale.ts'
import { useSession } from '#src/lib/session-store.ts'
import { useChatUnread } from '#src/features/chats/unread-store.ts'
import { useNotifications } from './store.ts'

export type Connection = Socket<ServerToClientEvents, ClientToServerEvents>
/** A user of the connection (the chat): given the socket once it exists, answers how to stop listening to it. */
export type RealtimeListener = (socket: Connection) => () => void
/** Trades the refresh cookie for a new access token; null when the session is over (src/lib/refresh-session.ts). */
export type RefreshSession = (expiredToken: string | null) => Promise<string | null>

/** Why the server refuses a handshake when a fresh access token would be let in (contract/events.ts). */
const TOKEN_REFUSALS: ReadonlySet<string> = new Set(['unauthorized', 'token_expired'])

let socket: Connection | null = null
let refreshSession: RefreshSession = () => Promise.resolve(null)
let stopWatching: (() => void) | null = null
/** The token the last handshake carried: the one to report as expired when it is refused. */
let sentToken: string | null = null
/** The language `connect_user` last named, so a catalog merely loading does not send it again. */
let sentLocale: Locale | null = null
/** A refusal since the last successful connection was already answered with a refresh. */
let refreshed = false
/** Listeners of onRealtime and what stops each on the current socket. */
const listeners = new Map<RealtimeListener, (() => void) | null>()

/**
 * Lets another feature (the chat) use the one connection: `listener` gets the socket now if there is one, or as
 * soon as one is made, and again for a new one after a logout and login. The answer stops it.
 */
export function onRealtime(listener: RealtimeListener): () => void {
  listeners.set(listener, socket ? listener(socket) : null)
  return () => {
    listeners.get(listener)?.()
    listeners.delete(listener)
  }
}

/** The socket when it is connected now, for a send that can otherwise go over HTTP. */
export const currentSocket = (): Connection | null => (socket?.connected ? socket : null)

/**
 * Joins the person's notification room (spec section 7) and keeps the store in step with it: the unread count
 * from the acknowledgement, each `notif` as a toast, `notif_unread` when another device read some. Connects while
 * a token is present and disconnects when it goes (logout); a refused handshake refreshes the token once.
 */
export function startRealtime(refresh: RefreshSession) {
  if (stopWatching) return
  refreshSession = refresh
  const unsubscribeSession = useSession.subscribe((session, previous) => {
    if (session.token === previous.token) return
    if (session.token === null) disconnect()
    // A login, or a token refreshed by an API call while the socket had given up: try again with it.
    else if (!socket?.active) connect()
  })
  const unsubscribeLocale = i18n.on('change', () => {
    if (socket?.connected && currentLocale() !== sentLocale) joinRoom(socket)
  })
  stopWatching = () => {
    unsubscribeSession()
    unsubscribeLocale()
  }
  if (useSession.getState().token) connect()
}

/** Stops everything startRealtime began (tests; a page never needs to). */
export function stopRealtime() {
  stopWatching?.()
  stopWatching = null
  disconnect()
  for (const [listener, stop] of listeners) {
    stop?.()
    listeners.set(listener, null)
  }
  socket = null
  sentToken = null
  refreshed = false
}

function connect() {
  socket ??= createSocket()
  if (!socket.active) socket.connect()
}

function disconnect() {
  socket?.disconnect()
  sentLocale = null
}

function createSocket(): Connection {
  const created: Connection = io({
    // Websocket first, long-polling where it cannot open; the spec's reconnection delays and connection timeout.
    ...CHAT_CONNECTION,
    transports: [...CHAT_CONNECTION.transports],
    path: SOCKET_PATH,
    autoConnect: false,
    // Asked on every (re)connection, so a reconnect carries the token refreshed meanwhile, never a stale one.
    auth: (send) => {
      sentToken = useSession.getState().token
      send({ token: sentToken })
    },
  })
  created.on('connect', () => {
    refreshed = false
    // What a screen read before the room was joined (the page loads before the socket; a gap in the network) may
    // have changed unheard, unless socket.io's recovery replayed the missed events: the screens on show read again.
    joinRoom(created, !created.recovered)
  })
  created.on('connect_error', (error) => {
    // Other errors (no network, server restarting) are retried by socket.io itself.
    if (TOKEN_REFUSALS.has(error.message)) void refreshAndReconnect()
  })
  created.on('disconnect', (reason) => {
    // The server closed it (the token expired on its side): socket.io does not come back by itself.
    if (reason === 'io server disconnect') void refreshAndReconnect()
  })
  created.on(SERVER_EVENTS.notif, (payload) => {
    const parsed = v.safeParse(NotifPayloadSchema, payload)
    if (!parsed.success) return
    const { notification, unread } = parsed.output
    useNotifications.getState().received(notification, unread)
    // Every notification about an order says the order changed: its page and the lists showing it follow.
    const orderId = orderIdOfLink(notification.link)
    if (orderId !== null) announceOrderEvent({ orderId })
  })
  // A step of an accepted order's day: its open page shows it without reading the order again.
  created.on(SERVER_EVENTS.orderProgress, (payload) => {
    const parsed = v.safeParse(OrderProgressPayloadSchema, payload)
    if (parsed.success)
      announceProgress({ orderId: parsed.output.order_id, progress: parsed.output.progress })
  })
  created.on(SERVER_EVENTS.unread, (payload) => {
    const parsed = v.safeParse(UnreadPayloadSchema, payload)
    if (parsed.success) useNotifications.getState().setUnread(parsed.output.unread)
  })
  // The header's count of unread messages follows every conversation, whichever screen is open.
  created.on(SERVER_EVENTS.chatMessage, (payload) => {
    const parsed = v.safeParse(ChatMessageEventSchema, payload)
    if (!parsed.success) return
    const { chat_id: chatId, message, total, unread } = parsed.output
    if (total !== null) useChatUnread.getState().setTotal(total)
    // Counts come only to the recipient: this device received it, whichever screen is open (✓✓ for the sender).
    if (unread !== null)
      created.emit(CLIENT_EVENTS.chatDelivered, { chat_id: chatId, message_id: message.id })
  })
  created.on(SERVER_EVENTS.chatRead, (payload) => {
    const parsed = v.safeParse(ChatMarkEventSchema, payload)
    if (parsed.success && parsed.output.total !== null) useChatUnread.getState().setTotal(parsed.output.total)
  })
  for (const listener of listeners.keys()) listeners.set(listener, listener(created))
  return created
}

/** Once per refusal streak: a server that refuses a fresh token too is not asked again until the token changes. */
async function refreshAndReconnect() {
  if (refreshed || useSession.getState().token === null) return
  refreshed = true
  // NOTE: a refresh that fails does not end the session here: the next API call decides that, as everywhere.
  const token = await refreshSession(sentToken)
  if (token && useSession.getState().token !== null) connect()
}

/**
 * `connect_user` in the current language (notifications are written in it); the answer holds the unread count.
 * `catchUp`: once in the room, the order screens on show read again what they may have missed before it.
 */
function joinRoom(connection: Connection, catchUp = false) {
  const locale = currentLocale()
  sentLocale = locale
  connection.emit(CLIENT_EVENTS.connectUser, { locale }, (answer) => {
    const parsed = v.safeParse(ConnectUserAckSchema, answer)
    if (!parsed.success || !parsed.output.ok) return
    useNotifications.getState().setUnread(parsed.output.unread)
    if (catchUp) announceOrderEvent({ orderId: null })
  })
}
