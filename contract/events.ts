import * as v from 'valibot'
import { NotificationSchema } from './schemas/notifications.ts'

/**
 * The socket.io contract (spec section 7): one connection per logged-in app, on the API's own port and path
 * `/socket.io/`. The handshake's `auth.token` is the access token; without a valid one the connection is refused
 * with `connect_error` ("unauthorized"). The client then emits `connect_user` and the server puts the socket into
 * the room `notif_{profile id}`, where `notif` arrives.
 */
export const SOCKET_PATH = '/socket.io/'

export const notifRoom = (userId: number) => `notif_${userId}`

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

/** Server → client: the unread count changed elsewhere (another device read or read all). */
export const UnreadPayloadSchema = v.object({ unread: v.number() })
export type UnreadPayload = v.InferOutput<typeof UnreadPayloadSchema>

export const CLIENT_EVENTS = { connectUser: 'connect_user' } as const
export const SERVER_EVENTS = { notif: 'notif', unread: 'notif_unread' } as const

/** For socket.io's typed `Server` and `Socket`. */
export type ServerToClientEvents = {
  notif: (payload: NotifPayload) => void
  notif_unread: (payload: UnreadPayload) => void
}
export type ClientToServerEvents = {
  connect_user: (payload: ConnectUserPayload, ack?: (answer: ConnectUserAck) => void) => void
}
