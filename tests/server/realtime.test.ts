import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_PATH } from '#contract/endpoints.ts'
import type { ConnectUserAck, NotifPayload } from '#contract/events.ts'
import { ACCESS_TOKEN_TTL_S } from '#server/modules/auth/access-tokens.ts'
import { login, PASSWORD } from '#tests/helpers/auth-flows.ts'
import {
  closeClients,
  connectClient,
  connected,
  nextEvent,
  notifPayload,
  refusal,
  type ClientSocket,
} from '#tests/helpers/sockets.ts'
import { user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
afterEach(closeClients)

async function listen() {
  return t.app.listen({ port: 0, host: '127.0.0.1' })
}

const hub = () => t.app.services.realtime.hub
const serverSockets = () => t.app.services.realtime.io!.of('/').sockets.size

function joinRoom(socket: ClientSocket, locale: 'ru' | 'oz' | 'uz' | 'en' = 'ru') {
  return socket.timeout(5_000).emitWithAck('connect_user', { locale })
}

/** A connected socket of the user, in its notification room. */
async function joinedSocket(url: string, caller: Caller, options: Parameters<typeof connectClient>[2] = {}) {
  const socket = connectClient(url, () => caller.token, options)
  await connected(socket)
  expect(await joinRoom(socket)).toMatchObject({ ok: true })
  return socket
}

/**
 * Delivers one notification. socket.io recovers a dropped connection only from the last event the client got
 * (its offset), so the recovery tests first let one arrive, as any app that has been open a while has.
 */
async function receiveOne(socket: ClientSocket, caller: Caller) {
  const arrived = nextEvent(socket, 'notif')
  hub().notify(caller.id, notifPayload('first'))
  await arrived
}

describe('the socket handshake', () => {
  it('refuses a connection without an access token', async () => {
    const socket = connectClient(await listen(), undefined)
    expect(await refusal(socket)).toBe('unauthorized')
  })

  it('refuses a token that is not an access token of ours', async () => {
    const url = await listen()
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiaXNzIjoiZmlrYSIsInNpZCI6IngiLCJ0eXAiOiJjdXN0b21lciJ9.c2lnbmF0dXJl'
    expect(await refusal(connectClient(url, () => forged))).toBe('unauthorized')
    expect(await refusal(connectClient(url, () => 'not-a-token'))).toBe('unauthorized')
  })

  it('refuses an expired access token with token_expired', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    t.clock.advance(ACCESS_TOKEN_TTL_S + 1)
    expect(await refusal(connectClient(url, () => customer.token))).toBe('token_expired')
  })

  it('refuses the token of a session that logged out', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const logout = await t.inject({
      method: 'GET',
      url: `${AUTH_PATH}/logout`,
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(logout.statusCode).toBe(200)
    expect(await refusal(connectClient(url, () => customer.token))).toBe('unauthorized')
  })

  it('lets a live session in', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = connectClient(url, () => customer.token)
    await connected(socket)
    expect(socket.connected).toBe(true)
  })
})

describe('connect_user', () => {
  it('joins notif_{id} and answers with the unread count; the notifier learns the language', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const onUserConnected = vi.fn()
    t.app.services.realtime.setHooks({ onUserConnected, unreadCount: async (id) => id * 10 + 3 })
    const socket = connectClient(url, () => customer.token)
    await connected(socket)

    expect(await joinRoom(socket, 'oz')).toEqual({
      ok: true,
      room: `notif_${customer.id}`,
      unread: customer.id * 10 + 3,
    })
    expect(onUserConnected).toHaveBeenCalledWith(customer.id, 'oz')

    const arrived = nextEvent<NotifPayload>(socket, 'notif')
    hub().notify(customer.id, notifPayload('Специалист откликнулся', 4))
    expect(await arrived).toMatchObject({ notification: { message: 'Специалист откликнулся' }, unread: 4 })
    const unread = nextEvent(socket, 'notif_unread')
    hub().unreadChanged(customer.id, { unread: 0 })
    expect(await unread).toEqual({ unread: 0 })
  })

  it('answers unread 0 before the notifications module is wired', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = connectClient(url, () => customer.token)
    await connected(socket)
    expect(await joinRoom(socket)).toEqual({ ok: true, room: `notif_${customer.id}`, unread: 0 })
  })

  it('answers invalid_request to a payload outside the contract and joins nothing', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = connectClient(url, () => customer.token)
    await connected(socket)
    const received: string[] = []
    socket.on('notif', (payload) => received.push(payload.notification.message))

    const answers = await Promise.all([
      socket.timeout(5_000).emitWithAck('connect_user', { locale: 'fr' } as never),
      socket.timeout(5_000).emitWithAck('connect_user', 'ru' as never),
    ])
    expect(answers).toEqual<ConnectUserAck[]>([
      { ok: false, error: 'invalid_request' },
      { ok: false, error: 'invalid_request' },
    ])
    hub().notify(customer.id, notifPayload('before joining'))
    // Events reach a socket in the order they were sent: once the later one is here, the earlier one was not sent.
    expect(await joinRoom(socket)).toMatchObject({ ok: true })
    const later = nextEvent(socket, 'notif')
    hub().notify(customer.id, notifPayload('after joining'))
    await later
    expect(received).toEqual(['after joining'])
  })
})

describe('notifications over the socket', () => {
  it('reach only their own user: A never receives what is sent to B', async () => {
    const url = await listen()
    const [a, b] = [await user(t, 'customer'), await user(t, 'executor')]
    const [socketA, socketB] = [await joinedSocket(url, a), await joinedSocket(url, b)]
    const seenByA: string[] = []
    const seenByB: string[] = []
    socketA.on('notif', (payload) => seenByA.push(payload.notification.message))
    socketB.on('notif', (payload) => seenByB.push(payload.notification.message))

    hub().notify(b.id, notifPayload('for B'))
    hub().unreadChanged(b.id, { unread: 7 })
    const lastForA = nextEvent(socketA, 'notif')
    const lastForB = nextEvent(socketB, 'notif')
    hub().notify(a.id, notifPayload('for A'))
    hub().notify(b.id, notifPayload('for B again'))
    await Promise.all([lastForA, lastForB])

    expect(seenByA).toEqual(['for A'])
    expect(seenByB).toEqual(['for B', 'for B again'])
  })

  it('reach every open app of the user', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const sockets = [await joinedSocket(url, customer), await joinedSocket(url, customer)]
    const arrivals = sockets.map((socket) => nextEvent<NotifPayload>(socket, 'notif'))
    hub().notify(customer.id, notifPayload('на оба устройства'))
    for (const payload of await Promise.all(arrivals))
      expect(payload.notification.message).toBe('на оба устройства')
  })

  it.each([
    ['polling', ['polling']],
    ['websocket', ['websocket']],
    ['polling upgraded to websocket', ['polling', 'websocket']],
  ])('arrive over %s', async (_name, transports) => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = await joinedSocket(url, customer, { transports })
    const arrived = nextEvent<NotifPayload>(socket, 'notif')
    hub().notify(customer.id, notifPayload('по любому транспорту'))
    expect((await arrived).notification.message).toBe('по любому транспорту')
    expect(socket.io.engine.transport.name).toBe(transports.at(-1))
  })
})

describe('a dropped connection', () => {
  it('comes back by itself and, joining again, receives later events', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = await joinedSocket(url, customer)
    const disconnected = nextEvent(socket, 'disconnect')
    socket.io.engine.close()
    await disconnected
    await nextEvent(socket, 'connect')
    // Nothing had arrived yet, so there was nothing to recover from: the app emits connect_user on such a connect.
    expect(socket.recovered).toBe(false)
    expect(await joinRoom(socket)).toMatchObject({ ok: true })

    const arrived = nextEvent<NotifPayload>(socket, 'notif')
    hub().notify(customer.id, notifPayload('после переподключения'))
    expect((await arrived).notification.message).toBe('после переподключения')
  })

  it('receives on reconnection what was sent while it was away', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    const socket = await joinedSocket(url, customer, { reconnection: false })
    await receiveOne(socket, customer)
    socket.io.engine.close()
    await vi.waitFor(() => expect(serverSockets()).toBe(0))

    hub().notify(customer.id, notifPayload('пока вы были офлайн'))
    const arrived = nextEvent<NotifPayload>(socket, 'notif')
    socket.connect()
    expect((await arrived).notification.message).toBe('пока вы были офлайн')
    expect(socket.recovered).toBe(true)
  })

  it('does not carry one user’s room to another who reconnects on the same socket', async () => {
    const url = await listen()
    const [a, b] = [await user(t, 'customer'), await user(t, 'customer')]
    let current = a.token
    const socket = connectClient(url, () => current, { reconnection: false })
    await connected(socket)
    expect(await joinRoom(socket)).toMatchObject({ room: `notif_${a.id}` })
    await receiveOne(socket, a)
    socket.io.engine.close()
    await vi.waitFor(() => expect(serverSockets()).toBe(0))

    current = b.token
    socket.connect()
    await connected(socket)
    expect(socket.recovered).toBe(true)
    const received: string[] = []
    socket.on('notif', (payload) => received.push(payload.notification.message))
    hub().notify(a.id, notifPayload('for A'))
    expect(await joinRoom(socket)).toMatchObject({ room: `notif_${b.id}` })
    const forB = nextEvent(socket, 'notif')
    hub().notify(b.id, notifPayload('for B'))
    await forB
    expect(received).toEqual(['for B'])
  })
})

describe('the access token’s expiry', () => {
  it('closes the connection, which comes back with a fresh token and keeps its room', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    let current = customer.token
    // One second of the token is left when the socket connects.
    t.clock.advance(ACCESS_TOKEN_TTL_S - 1)
    const socket = connectClient(url, () => current)
    await connected(socket)
    expect(await joinRoom(socket)).toMatchObject({ ok: true })
    await receiveOne(socket, customer)
    const disconnected = nextEvent(socket, 'disconnect')

    // The app refreshes its token as the old one runs out.
    t.clock.advance(2)
    const fresh = await login(t, { username: customer.phone, password: PASSWORD, type: 'customer' })
    current = fresh.json<{ token: string }>().token
    expect(await disconnected).toBe('transport close')
    await nextEvent(socket, 'connect')
    expect(socket.recovered).toBe(true)

    // No connect_user again: the recovered socket is still in its room.
    const arrived = nextEvent<NotifPayload>(socket, 'notif')
    hub().notify(customer.id, notifPayload('с новым токеном'))
    expect((await arrived).notification.message).toBe('с новым токеном')
  })

  it('keeps out a client that comes back with the expired token', async () => {
    const url = await listen()
    const customer = await user(t, 'customer')
    t.clock.advance(ACCESS_TOKEN_TTL_S - 1)
    const socket = connectClient(url, () => customer.token)
    await connected(socket)
    const refused = refusal(socket)
    t.clock.advance(2)
    expect(await refused).toBe('token_expired')
    expect(serverSockets()).toBe(0)
  })
})

describe('presence', () => {
  it('shows a user with an open socket as online', async () => {
    const url = await listen()
    const specialist = await user(t, 'executor')
    // What others see (the own profile may come from the session cache for a few seconds).
    const profile = () =>
      t.call('GET', `/myprofile/${specialist.id}`, null).then((response) => response.json())
    expect(await profile()).toMatchObject({ is_online: false, last_seen_at: null })

    await joinedSocket(url, specialist)
    await vi.waitFor(async () => expect(await profile()).toMatchObject({ is_online: true }), {
      timeout: 5_000,
    })
  })

  it('keeps the moment the last socket closed as last seen', async () => {
    const url = await listen()
    const specialist = await user(t, 'executor')
    // What others see (the own profile may come from the session cache for a few seconds).
    const profile = () =>
      t.call('GET', `/myprofile/${specialist.id}`, null).then((response) => response.json())
    const socket = await joinedSocket(url, specialist)
    const connectedAt = t.clock.now().toISOString()
    await vi.waitFor(async () => expect(await profile()).toMatchObject({ last_seen_at: connectedAt }), {
      timeout: 5_000,
    })

    t.clock.advance(90)
    socket.disconnect()
    const leftAt = t.clock.now().toISOString()
    await vi.waitFor(async () => expect(await profile()).toMatchObject({ last_seen_at: leftAt }), {
      timeout: 5_000,
    })
  })
})

describe('the HTTP API beside the sockets', () => {
  it('still answers on the same port', async () => {
    const url = await listen()
    const response = await fetch(`${url}/api/health`)
    expect(response.status).toBe(200)
  })
})
