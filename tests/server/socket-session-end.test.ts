import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_PATH, endpoints } from '#contract/endpoints.ts'
import { SUPPORT_TEAM_ROOM, type ChatMessageEvent, type ChatSendAck } from '#contract/events.ts'
import type { Chat } from '#contract/schemas/chats.ts'
import { refreshTokenFamilies } from '#server/db/schema/auth.ts'
import {
  getProfile,
  lastCode,
  login,
  PASSWORD,
  refresh,
  register,
  session,
  verifiedRequiredId,
} from '#tests/helpers/auth-flows.ts'
import {
  closeClients,
  connectClient,
  connected,
  nextEvent,
  notifPayload,
  refusal,
  type ClientSocket,
} from '#tests/helpers/sockets.ts'
import { send, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { runSupportStaff, type RunningServers } from '../../scripts/support-staff.ts'

const t = useTestApp()
afterEach(closeClients)

const listen = () => t.app.listen({ port: 0, host: '127.0.0.1' })
const hub = () => t.app.services.realtime.hub
const serverSockets = () => [...t.app.services.realtime.io!.of('/').sockets.values()]
/** How long the server may take to act on what it heard (a database read), on a loaded machine. */
const SERVER_CATCHES_UP = { timeout: 5_000 }
/** The rooms the server has the user's sockets in. */
const roomsOnServer = (userId: number) =>
  serverSockets()
    .filter((socket) => socket.data.userId === userId)
    .flatMap((socket) => [...socket.rooms])

type Account = Caller & { refreshToken: string }

/** A registered person with the refresh token of their session. */
async function account(type: 'customer' | 'executor' = 'customer'): Promise<Account> {
  const registered = await register(t, { type })
  const id = (await getProfile(t, registered.token)).json<{ id: number }>().id
  return { ...registered, id }
}

/** Another session of the same person (a second device). */
async function secondDevice(person: Account): Promise<Account> {
  const signedIn = session(await login(t, { username: person.phone, password: PASSWORD, type: 'customer' }))
  return { ...person, ...signedIn }
}

/** A socket as the app opens it, in its rooms after `connect_user`. */
async function joinedSocket(url: string, caller: Caller, options: Parameters<typeof connectClient>[2] = {}) {
  const socket = connectClient(url, () => caller.token, options)
  await connected(socket)
  expect(await socket.timeout(5_000).emitWithAck('connect_user', { locale: 'ru' })).toMatchObject({
    ok: true,
  })
  return socket
}

/** What reaches the socket's handlers from now on: notifications and chat messages. */
function heardBy(socket: ClientSocket) {
  const heard: string[] = []
  socket.on('notif', (payload) => heard.push(`notif: ${payload.notification.message}`))
  socket.on('chat:message', (payload) => heard.push(`chat: ${payload.message.text}`))
  return heard
}

/** Every event packet that comes over the wire to the client, whether or not its socket counts as connected. */
function overTheWire(socket: ClientSocket) {
  const events: unknown[] = []
  socket.io.on('packet', (packet: { type: number; data?: unknown }) => {
    if (packet.type === 2) events.push(packet.data)
  })
  return events
}

const emitSend = (socket: ClientSocket, payload: Record<string, unknown>) =>
  socket.timeout(5_000).emitWithAck('chat:message', payload as never) as Promise<ChatSendAck>

let clientIds = 0
const nextClientId = () => `ended-${String(++clientIds).padStart(6, '0')}`

const logout = (token: string) =>
  t.inject({ method: 'GET', url: `${AUTH_PATH}/logout`, headers: { authorization: `Bearer ${token}` } })

async function resetPassword(person: Account) {
  t.clock.advance(60)
  const requiredId = await verifiedRequiredId(t, person.phone, 'reset_pass')
  const reset = await t.inject({
    method: 'POST',
    url: endpoints.resetPassword.path,
    payload: {
      phone: person.phone.slice(3),
      username: person.phone.slice(3),
      password: 'navoiy2027',
      password_confirmation: 'navoiy2027',
      smsCode: await lastCode(t, person.phone),
      type: 'customer',
      required_id: requiredId,
    },
  })
  expect(reset.statusCode).toBe(200)
}

/** What the support-staff command does to running servers: each forgets the user (over Redis in production). */
const theseServers = (): RunningServers => ({
  userChanged: (userId) => t.app.services.sessionCache.forget({ user: userId }),
})

/** A registered person made support staff by the operators' command. */
async function staffMember() {
  const member = await account()
  expect(await runSupportStaff(t.db.db, ['add', member.phone], theseServers())).toContain(
    'is now support staff',
  )
  return member
}

describe('a session that ends', () => {
  const endings: [string, (person: Account) => Promise<unknown>][] = [
    ['logs out', (person) => logout(person.token)],
    ['has its password reset', resetPassword],
    [
      'deletes the account',
      (person) => send(t, 'DELETE', `/profile/${person.id}`, person, { password: PASSWORD }),
    ],
    [
      'has its refresh token used twice',
      async (person) => {
        expect((await refresh(t, person.refreshToken)).statusCode).toBe(200)
        expect((await refresh(t, person.refreshToken)).json().error.code).toBe('refresh_reused')
      },
    ],
  ]

  it.each(endings)(
    'disconnects its socket at once when it %s; no notification or chat reaches it after',
    async (_name, end) => {
      const url = await listen()
      const person = await account()
      const partner = await account('executor')
      const chat = (await send(t, 'POST', '/chats', person, { user_id: partner.id })).json<Chat>()
      const socket = await joinedSocket(url, person)
      const heard = heardBy(socket)
      const disconnected = nextEvent(socket, 'disconnect')

      await end(person)
      // "io server disconnect": the app refreshes its session, which has ended, and so logs out.
      expect(await disconnected).toBe('io server disconnect')
      expect(serverSockets().filter((held) => held.data.userId === person.id)).toEqual([])

      const sent = await send(t, 'POST', `/chats/${chat.id}/messages`, partner, {
        client_id: nextClientId(),
        text: 'Вы тут?',
      })
      expect(sent.statusCode).toBe(200)
      hub().notify(person.id, notifPayload('после конца сессии'))
      // Nor can it come back with the token it had.
      socket.connect()
      expect(await refusal(socket)).toBe('unauthorized')
      expect(heard).toEqual([])
    },
  )

  it('ends only the sockets of that session: another device of the person keeps hearing', async () => {
    const url = await listen()
    const phone = await account()
    const laptop = await secondDevice(phone)
    const [onPhone, onLaptop] = [await joinedSocket(url, phone), await joinedSocket(url, laptop)]
    const heardOnPhone = heardBy(onPhone)
    const disconnected = nextEvent(onPhone, 'disconnect')

    expect((await logout(phone.token)).statusCode).toBe(200)
    expect(await disconnected).toBe('io server disconnect')
    const arrived = nextEvent(onLaptop, 'notif')
    hub().notify(phone.id, notifPayload('на ноутбук'))
    await arrived
    expect(onLaptop.connected).toBe(true)
    expect(heardOnPhone).toEqual([])
  })

  it('keeps the socket of the session that changes the password and ends the other devices’ at once', async () => {
    const url = await listen()
    const phone = await account()
    const laptop = await secondDevice(phone)
    const [onPhone, onLaptop] = [await joinedSocket(url, phone), await joinedSocket(url, laptop)]
    const laptopDisconnected = nextEvent(onLaptop, 'disconnect')

    const changed = await t.inject({
      method: 'PUT',
      url: `${endpoints.profile.path}/password`,
      headers: { authorization: `Bearer ${phone.token}` },
      payload: {
        current_password: PASSWORD,
        password: 'tashkent2027',
        password_confirmation: 'tashkent2027',
      },
    })
    expect(changed.json()).toEqual({ status: true })
    expect(await laptopDisconnected).toBe('io server disconnect')
    const arrived = nextEvent(onPhone, 'notif')
    hub().notify(phone.id, notifPayload('пароль сменён'))
    await arrived
    expect(onPhone.connected).toBe(true)
  })

  it('disconnects a socket whose session ends while its handshake is being checked', async () => {
    const url = await listen()
    const person = await account()
    const auth = t.app.services.auth
    const authenticate = auth.authenticate
    // The logout lands between the handshake's check and the socket joining the server's list.
    vi.spyOn(auth, 'authenticate').mockImplementationOnce(async (token) => {
      const admitted = await authenticate(token)
      expect((await logout(token)).statusCode).toBe(200)
      return admitted
    })
    const socket = connectClient(url, () => person.token)
    // The connection and its end may come in one poll: both are listened for before.
    const [connecting, disconnected] = [connected(socket), nextEvent(socket, 'disconnect')]
    await connecting
    expect(await disconnected).toBe('io server disconnect')
  })
})

describe('an inbound event', () => {
  it('is checked against the session cache, and refused once it no longer vouches for an ended session', async () => {
    const url = await listen()
    const person = await account()
    const partner = await account('executor')
    const chat = (await send(t, 'POST', '/chats', person, { user_id: partner.id })).json<Chat>()
    const socket = await joinedSocket(url, person)
    // Ended behind this server's back, as by a process whose broadcast it never heard.
    await t.db.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: t.clock.now(), revokedReason: 'logout' })
      .where(eq(refreshTokenFamilies.userId, person.id))

    // Within AUTH_CACHE_TTL_S the cache answers from memory, as it does for HTTP: no database read per event.
    const cached = await emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: 'из памяти' })
    expect(cached).toMatchObject({ ok: true })
    // Past AUTH_CACHE_TTL_S (10 s in tests): the next event's check reads the database.
    t.clock.advance(11)
    const disconnected = nextEvent(socket, 'disconnect')
    await expect(
      emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: 'после конца' }),
    ).rejects.toThrow('socket has been disconnected')
    expect(await disconnected).toBe('io server disconnect')
    const history = await send(t, 'GET', `/chats/${chat.id}/messages`, partner)
    expect(history.json().collection.map((message: { text: string }) => message.text)).toEqual(['из памяти'])
  })
})

describe('a recovered connection', () => {
  /** A socket that has had one event (recovery resumes from the last one) and then lost its connection. */
  async function droppedSocket(url: string, person: Caller) {
    const socket = await joinedSocket(url, person, { reconnection: false })
    const arrived = nextEvent(socket, 'notif')
    hub().notify(person.id, notifPayload('first'))
    await arrived
    socket.io.engine.close()
    await vi.waitFor(
      () => expect(serverSockets().filter((s) => s.data.userId === person.id)).toEqual([]),
      SERVER_CATCHES_UP,
    )
    return socket
  }

  it('gets none of the events it missed when its session ended meanwhile, not even over the wire', async () => {
    const url = await listen()
    const person = await account()
    const socket = await droppedSocket(url, person)
    hub().notify(person.id, notifPayload('пока вы были офлайн'))
    expect((await logout(person.token)).statusCode).toBe(200)

    const wire = overTheWire(socket)
    socket.connect()
    expect(await refusal(socket)).toBe('unauthorized')
    expect(wire).toEqual([])
  })

  it('gives another person who comes back on the same socket none of the events the first one missed', async () => {
    const url = await listen()
    const [first, second] = [await account(), await account()]
    let current = first.token
    const socket = connectClient(url, () => current, { reconnection: false })
    await connected(socket)
    expect(await socket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
    const arrived = nextEvent(socket, 'notif')
    hub().notify(first.id, notifPayload('first'))
    await arrived
    socket.io.engine.close()
    await vi.waitFor(() => expect(serverSockets()).toEqual([]), SERVER_CATCHES_UP)
    hub().notify(first.id, notifPayload('для первого'))

    current = second.token
    const wire = overTheWire(socket)
    socket.connect()
    await connected(socket)
    expect(await socket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
    expect(wire).toEqual([])
  })
})

describe('a support staff member whose role is taken', () => {
  async function supportDesk() {
    const url = await listen()
    const person = await account()
    const [leaving, staying] = [await staffMember(), await staffMember()]
    const chat = (await send(t, 'POST', '/chats/support', person)).json<Chat>()
    const asker = await joinedSocket(url, person)
    const ask = (text: string) => emitSend(asker, { chat_id: chat.id, client_id: nextClientId(), text })
    return { url, person, leaving, staying, ask }
  }

  /** Whether `text` reached the socket: told by an event sent to its own room after it, which arrives in order. */
  async function reached(socket: ClientSocket, userId: number, heard: string[], text: string) {
    const marker = nextEvent(socket, 'notif')
    hub().notify(userId, notifPayload('marker'))
    await marker
    return heard.includes(`chat: ${text}`)
  }

  it('leaves the support room at once, and does not get it back on a recovered reconnect', async () => {
    const { url, leaving, staying, ask } = await supportDesk()
    const [leavingSocket, stayingSocket] = [
      await joinedSocket(url, leaving, { reconnection: false }),
      await joinedSocket(url, staying),
    ]
    const heard = heardBy(leavingSocket)
    const toTeam = nextEvent<ChatMessageEvent>(leavingSocket, 'chat:message')
    await ask('до')
    await toTeam

    const removed = await runSupportStaff(t.db.db, ['remove', leaving.phone], theseServers())
    expect(removed).toContain('is no longer support staff')
    await vi.waitFor(
      () => expect(roomsOnServer(leaving.id)).not.toContain(SUPPORT_TEAM_ROOM),
      SERVER_CATCHES_UP,
    )
    const reachedStaying = nextEvent<ChatMessageEvent>(stayingSocket, 'chat:message')
    await ask('после')
    expect((await reachedStaying).message.text).toBe('после')
    expect(await reached(leavingSocket, leaving.id, heard, 'после')).toBe(false)

    leavingSocket.io.engine.close()
    await vi.waitFor(() => expect(roomsOnServer(leaving.id)).toEqual([]), SERVER_CATCHES_UP)
    await ask('пока отключён')
    leavingSocket.connect()
    await connected(leavingSocket)
    expect(leavingSocket.recovered).toBe(true)
    await ask('после возвращения')
    expect(await reached(leavingSocket, leaving.id, heard, 'пока отключён')).toBe(false)
    expect(await reached(leavingSocket, leaving.id, heard, 'после возвращения')).toBe(false)
    expect(heard.filter((event) => event.startsWith('chat:'))).toEqual(['chat: до'])
  })

  it('recovers neither the room nor the team’s missed messages when the role was taken while away', async () => {
    const { url, leaving, staying, ask } = await supportDesk()
    const [leavingSocket, stayingSocket] = [
      await joinedSocket(url, leaving, { reconnection: false }),
      await joinedSocket(url, staying),
    ]
    const toTeam = nextEvent<ChatMessageEvent>(leavingSocket, 'chat:message')
    await ask('до')
    await toTeam
    leavingSocket.io.engine.close()
    await vi.waitFor(() => expect(roomsOnServer(leaving.id)).toEqual([]), SERVER_CATCHES_UP)
    await runSupportStaff(t.db.db, ['remove', leaving.phone], theseServers())
    await ask('пока отключён')

    const wire = overTheWire(leavingSocket)
    leavingSocket.connect()
    await connected(leavingSocket)
    // Not recovered: the app joins its room again and reads what it missed over HTTP, as a person who is not staff.
    expect(leavingSocket.recovered).toBe(false)
    expect(await leavingSocket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
    expect(roomsOnServer(leaving.id)).not.toContain(SUPPORT_TEAM_ROOM)
    const heard = heardBy(leavingSocket)
    const reachedStaying = nextEvent<ChatMessageEvent>(stayingSocket, 'chat:message')
    await ask('после возвращения')
    await reachedStaying
    expect(await reached(leavingSocket, leaving.id, heard, 'после возвращения')).toBe(false)
    expect(wire.filter((event) => (event as unknown[])[0] === 'chat:message')).toEqual([])
  })
})
