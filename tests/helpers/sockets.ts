import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type NotifPayload,
  type ServerToClientEvents,
} from '#contract/events.ts'

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

const open: ClientSocket[] = []

/**
 * A socket.io client as the app opens it: the access token in the handshake's `auth` (a callback, so reconnections
 * take the current one), its own connection, quick reconnections so tests need not wait.
 */
export function connectClient(
  url: string,
  token: (() => string | undefined) | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): ClientSocket {
  const socket: ClientSocket = io(url, {
    path: SOCKET_PATH,
    forceNew: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    ...(token && { auth: (send: (data: object) => void) => send({ token: token() }) }),
    ...options,
  })
  open.push(socket)
  return socket
}

/** Disconnects every client the test opened (call in afterEach). */
export function closeClients() {
  for (const socket of open.splice(0)) socket.disconnect()
}

/** The next time `event` fires on the socket (or its Manager for `reconnect`), within `timeoutMs`. */
export function nextEvent<T = unknown>(socket: ClientSocket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs)
    ;(socket as unknown as { once: (event: string, listener: (value: T) => void) => void }).once(
      event,
      (value: T) => {
        clearTimeout(timer)
        resolve(value)
      },
    )
  })
}

export const connected = (socket: ClientSocket) =>
  socket.connected ? Promise.resolve() : nextEvent(socket, 'connect').then(() => undefined)

/** The message of the `connect_error` that refuses the socket. */
export const refusal = (socket: ClientSocket) =>
  nextEvent<Error>(socket, 'connect_error').then((error) => error.message)

/** A `notif` payload as the notifier sends it, told apart by its message. */
export function notifPayload(message: string, unread = 1): NotifPayload {
  return {
    notification: {
      id: Math.floor(Math.random() * 1_000_000),
      type_push: 'order_reply',
      status: 'active',
      message,
      link: '/order/1',
      avatar: null,
      created_at: '2026-11-21T09:00:00.000Z',
    },
    unread,
  }
}
