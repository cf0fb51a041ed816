import * as v from 'valibot'
import { IdValueSchema } from './schemas/bounds.ts'
import { ChatMessageSchema, hasContent, SendMessageEntries } from './schemas/chats.ts'
import { NotificationSchema } from './schemas/notifications.ts'
import { ProgressResponseSchema } from './schemas/progress.ts'

/**
 * The socket.io contract (spec section 7): one connection per logged-in app, on the API's own port and path
 * `/socket.io/`. The handshake's `auth.token` is the access token; without a valid one the connection is refused
 * with `connect_error` ("unauthorized"). The client then emits `connect_user` and the server puts the socket into
 * the room `notif_{profile id}`, where `notif` arrives.
 */
export const SOCKET_PATH = '/socket.io/'

export const notifRoom = (userId: number) => `notif_${userId}`
/** Support staff's sockets also join this room: the support team's conversations reach every member. */
export const SUPPORT_TEAM_ROOM = 'support_team'

/** Client → server: join my notification room; `locale` is the language notifications are written in. */
export const ConnectUserPayloadSchema = v.object({
  locale: v.optional(v.picklist(['ru', 'oz', 'uz', 'en'])),
})
export type ConnectUserPayload = v.InferOutput<typeof ConnectUserPayloadSchema>
/** The server's answer to `connect_user` (an acknowledgement). */
export const ConnectUserAckSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), room: v.string(), unread: v.number() }),
  v.object({ ok: v.literal(false), error: v.string() }),
])
export type ConnectUserAck = v.InferOutput<typeof ConnectUserAckSchema>

/** Server → client: a new notification, with the reader's unread count after it. */
export const NotifPayloadSchema = v.object({ notification: NotificationSchema, unread: v.number() })
export type NotifPayload = v.InferOutput<typeof NotifPayloadSchema>

/**
 * Server → client: the accepted specialist tapped a step of an order's day (on my way, arrived, done): the order's
 * whole progress list, to the customer's and the specialist's rooms, so an open order page updates at once. The
 * `notif` of the step comes too (the bell's row); this one carries no text.
 */
export const OrderProgressPayloadSchema = ProgressResponseSchema
export type OrderProgressPayload = v.InferOutput<typeof OrderProgressPayloadSchema>

/** Server → client: the unread count changed elsewhere (another device read or read all). */
export const UnreadPayloadSchema = v.object({ unread: v.number() })
export type UnreadPayload = v.InferOutput<typeof UnreadPayloadSchema>

/*
 * Chat (docs/decisions/014-chat.md). The chat travels on the same connection, in the same `notif_{id}` room: every
 * event of a conversation goes to both people's rooms, after the server checked that the sender is one of them.
 * The web app connects with CHAT_CONNECTION; the server accepts both websocket and long-polling.
 */

/**
 * The app's one connection. Websocket first (since issue 33: long-polling alone saturated two cores at about 600
 * conversations); where a websocket cannot be opened (a proxy or network that refuses the upgrade) the same attempt
 * goes on over long-polling (`tryAllTransports`), and every reconnection tries websocket first again. The spec's
 * section 7 timings stay: reconnect after 1 s growing to 5 s, ±50 %; a connection attempt times out at 20 s.
 */
export const CHAT_CONNECTION = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const

/** Client → server: send a message (the same as `POST /chats/{id}/messages`); the ack answers it. */
export const ChatSendPayloadSchema = v.pipe(
  v.object({ chat_id: IdValueSchema, ...SendMessageEntries }),
  hasContent(),
)
export type ChatSendPayload = v.InferInput<typeof ChatSendPayloadSchema>
/** The answer to a socket send: the stored message, or an error in the reader's language (as HTTP would give). */
export const ChatSendAckSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), message: ChatMessageSchema }),
  v.object({
    ok: v.literal(false),
    error: v.object({ code: v.string(), message: v.string(), retry_after: v.optional(v.number()) }),
  }),
])
export type ChatSendAck = v.InferOutput<typeof ChatSendAckSchema>

/** Client → server: "I am typing in this conversation" (at most every few seconds; never stored). */
export const ChatTypingPayloadSchema = v.object({ chat_id: IdValueSchema })
export type ChatTypingPayload = v.InferOutput<typeof ChatTypingPayloadSchema>
/** Client → server: read (or, on arrival, received) up to this message. */
export const ChatMarkPayloadSchema = v.object({ chat_id: IdValueSchema, message_id: IdValueSchema })
export type ChatMarkPayload = v.InferOutput<typeof ChatMarkPayloadSchema>

/**
 * Server → client: a new message. To the recipient `unread` is their count for this conversation and `total`
 * over all; to the sender's own devices both are null.
 */
export const ChatMessageEventSchema = v.object({
  chat_id: v.number(),
  message: ChatMessageSchema,
  unread: v.nullable(v.number()),
  total: v.nullable(v.number()),
})
export type ChatMessageEvent = v.InferOutput<typeof ChatMessageEventSchema>
/** Server → client: the other person is typing. */
export const ChatTypingEventSchema = v.object({ chat_id: v.number(), user_id: v.nullable(v.number()) })
export type ChatTypingEvent = v.InferOutput<typeof ChatTypingEventSchema>
/**
 * Server → client: someone's read or received mark moved. To the other person it moves their sent messages'
 * marks; to the reader's own devices `unread` and `total` say what is left.
 */
export const ChatMarkEventSchema = v.object({
  chat_id: v.number(),
  /** The reader; null for the support team. */
  user_id: v.nullable(v.number()),
  delivered_up_to: v.number(),
  read_up_to: v.number(),
  unread: v.nullable(v.number()),
  total: v.nullable(v.number()),
})
export type ChatMarkEvent = v.InferOutput<typeof ChatMarkEventSchema>
/** Server → client: a moderator hid a message (decision 029): show it as hidden wherever it is on screen. */
export const ChatHiddenEventSchema = v.object({ chat_id: v.number(), message_id: v.number() })
export type ChatHiddenEvent = v.InferOutput<typeof ChatHiddenEventSchema>
export const CLIENT_EVENTS = {
  connectUser: 'connect_user',
  chatMessage: 'chat:message',
  chatTyping: 'chat:typing',
  chatRead: 'chat:read',
  chatDelivered: 'chat:delivered',
} as const
export const SERVER_EVENTS = {
  notif: 'notif',
  unread: 'notif_unread',
  chatMessage: 'chat:message',
  chatTyping: 'chat:typing',
  chatRead: 'chat:read',
  chatHidden: 'chat:hidden',
  orderProgress: 'order_progress',
} as const

/** For socket.io's typed `Server` and `Socket`. */
export type ServerToClientEvents = {
  notif: (payload: NotifPayload) => void
  notif_unread: (payload: UnreadPayload) => void
  'chat:message': (payload: ChatMessageEvent) => void
  'chat:typing': (payload: ChatTypingEvent) => void
  'chat:read': (payload: ChatMarkEvent) => void
  'chat:hidden': (payload: ChatHiddenEvent) => void
  order_progress: (payload: OrderProgressPayload) => void
}
export type ClientToServerEvents = {
  connect_user: (payload: ConnectUserPayload, ack?: (answer: ConnectUserAck) => void) => void
  'chat:message': (payload: ChatSendPayload, ack: (answer: ChatSendAck) => void) => void
  'chat:typing': (payload: ChatTypingPayload) => void
  'chat:read': (payload: ChatMarkPayload) => void
  'chat:delivered': (payload: ChatMarkPayload) => void
}
