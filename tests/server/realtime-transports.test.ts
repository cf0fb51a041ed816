import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { CHAT_CONNECTION, SOCKET_PATH, type ChatMessageEvent, type ChatSendAck } from '#contract/events.ts'
import type { Chat } from '#contract/schemas/chats.ts'
import {
  closeClients,
  connectClient,
  connected,
  nextEvent,
  type ClientSocket,
} from '#tests/helpers/sockets.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
afterEach(closeClients)

/** The header that marks a client whose network refuses websockets (a proxy that does not pass the upgrade). */
const NO_WEBSOCKET = 'x-test-no-websocket'

type Upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => void

/**
 * The server's traffic under SOCKET_PATH as the test sees it: the websocket upgrades asked for and the long-polling
 * requests. Upgrades from a client marked NO_WEBSOCKET are refused with 403 before socket.io sees them, as a proxy
 * that does not pass websockets would; every other upgrade goes on to socket.io.
 */
function watchTransports(server: Server) {
  const seen = { upgrades: [] as string[], polling: [] as string[] }
  const socketIo = server.listeners('upgrade') as Upgrade[]
  server.removeAllListeners('upgrade')
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const who = String(request.headers[NO_WEBSOCKET] ?? 'websocket allowed')
    if (request.url?.startsWith(SOCKET_PATH)) seen.upgrades.push(who)
    if (request.headers[NO_WEBSOCKET]) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    for (const listener of socketIo) listener.call(server, request, socket, head)
  })
  server.on('request', (request: IncomingMessage) => {
    if (request.url?.startsWith(SOCKET_PATH) && request.url.includes('transport=polling'))
      seen.polling.push(String(request.headers[NO_WEBSOCKET] ?? 'websocket allowed'))
  })
  return seen
}

/** A socket opened as the app opens it (CHAT_CONNECTION), in its room; `name` marks a network without websockets. */
async function appSocket(url: string, caller: Caller, noWebsocketAs?: string) {
  const socket = connectClient(url, () => caller.token, {
    ...CHAT_CONNECTION,
    transports: [...CHAT_CONNECTION.transports],
    ...(noWebsocketAs && { extraHeaders: { [NO_WEBSOCKET]: noWebsocketAs } }),
  })
  await connected(socket)
  expect(await socket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
  return socket
}

const transportOf = (socket: ClientSocket) => socket.io.engine.transport.name

let clientIds = 0
const say = (socket: ClientSocket, chatId: number, text: string) =>
  socket.timeout(5_000).emitWithAck('chat:message', {
    chat_id: chatId,
    client_id: `transport-${String(++clientIds).padStart(6, '0')}`,
    text,
  } as never) as Promise<ChatSendAck>

async function conversation() {
  const seen = watchTransports(t.app.server)
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const customer = await user(t, 'customer')
  const executor = await user(t, 'executor')
  const chat = (await send(t, 'POST', '/chats', customer, { user_id: executor.id })).json<Chat>()
  return { seen, url, customer, executor, chat }
}

describe('the app’s connection (CHAT_CONNECTION)', () => {
  it('opens a websocket first, without long-polling before it', async () => {
    const { seen, url, customer } = await conversation()
    const socket = await appSocket(url, customer)
    expect(transportOf(socket)).toBe('websocket')
    expect(seen.upgrades).toEqual(['websocket allowed'])
    expect(seen.polling).toEqual([])
  })

  it('falls back to long-polling where the websocket is refused, and chats with a websocket client both ways', async () => {
    const { seen, url, customer, executor, chat } = await conversation()
    const onPolling = await appSocket(url, customer, 'customer')
    const onWebsocket = await appSocket(url, executor)
    // The customer's client asked for a websocket first, was refused, and went on over long-polling.
    expect(seen.upgrades).toContain('customer')
    expect(seen.polling).toContain('customer')
    expect(transportOf(onPolling)).toBe('polling')
    expect(transportOf(onWebsocket)).toBe('websocket')

    const toExecutor = nextEvent<ChatMessageEvent>(onWebsocket, 'chat:message')
    expect(await say(onPolling, chat.id, 'Сколько стоит?')).toMatchObject({ ok: true })
    expect(await toExecutor).toMatchObject({
      chat_id: chat.id,
      message: { text: 'Сколько стоит?' },
      unread: 1,
    })

    const toCustomer = nextEvent<ChatMessageEvent>(onPolling, 'chat:message')
    expect(await say(onWebsocket, chat.id, '200 000 сум')).toMatchObject({ ok: true })
    expect(await toCustomer).toMatchObject({ chat_id: chat.id, message: { text: '200 000 сум' }, unread: 1 })
    // Once on long-polling, it does not try the refused upgrade again on this connection.
    expect(seen.upgrades.filter((who) => who === 'customer')).toHaveLength(1)
  })
})
