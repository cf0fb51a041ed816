import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CHAT_CONNECTION,
  type ChatMarkEvent,
  type ChatMessageEvent,
  type ChatSendAck,
  type ChatTypingEvent,
} from '#contract/events.ts'
import type { Chat } from '#contract/schemas/chats.ts'
import { chats } from '#server/db/schema/chats.ts'
import { users } from '#server/db/schema/users.ts'
import { TYPING_EVERY_MS } from '#server/modules/chats/socket-events.ts'
import { bell } from '#tests/helpers/notifications.ts'
import {
  closeClients,
  connectClient,
  connected,
  nextEvent,
  type ClientSocket,
} from '#tests/helpers/sockets.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ config: { CHAT_MESSAGES_PER_MINUTE: 3, CHAT_NOTIFY_AFTER_S: 1 } })
afterEach(closeClients)

let clientIds = 0
const nextClientId = () => `socket-${String(++clientIds).padStart(6, '0')}`

/** A socket as the app opens it (CHAT_CONNECTION: websocket first, the spec's timings), in its room. */
async function online(url: string, caller: Caller, lang = 'ru') {
  const socket = connectClient(url, () => caller.token, {
    ...CHAT_CONNECTION,
    transports: [...CHAT_CONNECTION.transports],
    extraHeaders: { 'accept-language': lang },
  })
  await connected(socket)
  expect(await socket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
  return socket
}

const emitSend = (socket: ClientSocket, payload: Record<string, unknown>) =>
  socket.timeout(5_000).emitWithAck('chat:message', payload as never) as Promise<ChatSendAck>

/** Nothing of `event` arrives on the socket within a short while. */
async function silent(socket: ClientSocket, event: string, ms = 300) {
  let heard = false
  const listener = () => {
    heard = true
  }
  socket.on(event as never, listener)
  await new Promise((resolve) => setTimeout(resolve, ms))
  socket.off(event as never, listener)
  return !heard
}

async function pair() {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const customer = await user(t, 'customer')
  const executor = await user(t, 'executor')
  const stranger = await user(t, 'customer')
  const opened = await send(t, 'POST', '/chats', customer, { user_id: executor.id })
  const chat = opened.json<Chat>()
  return { url, customer, executor, stranger, chat }
}

describe('chat over the socket', () => {
  it('delivers a message live to the other person and the sender’s other devices, and to nobody else', async () => {
    const { url, customer, executor, stranger, chat } = await pair()
    const [sender, senderPhone, receiver, outsider] = await Promise.all([
      online(url, customer),
      online(url, customer),
      online(url, executor),
      online(url, stranger),
    ])
    const arrived = nextEvent<ChatMessageEvent>(receiver, 'chat:message')
    const echoed = nextEvent<ChatMessageEvent>(senderPhone, 'chat:message')
    const quiet = silent(outsider, 'chat:message')
    const ack = await emitSend(sender, { chat_id: chat.id, client_id: nextClientId(), text: 'Здравствуйте!' })
    expect(ack).toMatchObject({ ok: true, message: { text: 'Здравствуйте!', sender_id: customer.id } })
    expect(await arrived).toMatchObject({
      chat_id: chat.id,
      message: { text: 'Здравствуйте!' },
      unread: 1,
      total: 1,
    })
    expect(await echoed).toMatchObject({ unread: null, total: null })
    expect(await quiet).toBe(true)
  })

  it('answers a replayed client id with the first message and stores one', async () => {
    const { url, customer, chat } = await pair()
    const socket = await online(url, customer)
    const payload = { chat_id: chat.id, client_id: 'socket-replay-01', text: 'Один раз' }
    const first = await emitSend(socket, payload)
    const again = await emitSend(socket, payload)
    expect(again).toEqual(first)
    const history = await send(t, 'GET', `/chats/${chat.id}/messages`, customer)
    expect(history.json().collection).toHaveLength(1)
  })

  it('answers not found to a send into a conversation deleted since an earlier send (with an account)', async () => {
    const { url, customer, chat } = await pair()
    const socket = await online(url, customer)
    expect(
      await emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: 'Первое' }),
    ).toMatchObject({
      ok: true,
    })
    await t.db.db.delete(chats).where(eq(chats.id, chat.id))
    expect(
      await emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: 'Второе' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
  })

  it('refuses a stranger’s send and a bad payload in the ack, in the socket’s language', async () => {
    const { url, stranger, customer, chat } = await pair()
    const outsider = await online(url, stranger)
    expect(
      await emitSend(outsider, { chat_id: chat.id, client_id: nextClientId(), text: 'hi' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    const mine = await online(url, customer, 'en')
    expect(await emitSend(mine, { chat_id: chat.id, client_id: nextClientId(), text: ' ' })).toEqual({
      ok: false,
      error: { code: 'message_empty', message: 'Write a message' },
    })
    expect(await emitSend(mine, { chat_id: 'x' })).toMatchObject({ ok: false, error: { code: 'id_invalid' } })
  })

  it('answers the per-minute limit with the wait, and keeps what was accepted', async () => {
    const { url, customer, chat } = await pair()
    const socket = await online(url, customer)
    for (let i = 0; i < 3; i++)
      expect(
        await emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: `m${i}` }),
      ).toMatchObject({ ok: true })
    const limited = await emitSend(socket, { chat_id: chat.id, client_id: nextClientId(), text: 'more' })
    expect(limited).toMatchObject({ ok: false, error: { code: 'chat_rate_limited', retry_after: 60 } })
    expect((await send(t, 'GET', `/chats/${chat.id}/messages`, customer)).json().collection).toHaveLength(3)
  })

  it('shows typing to the other side only, and not across a block', async () => {
    const { url, customer, executor, stranger, chat } = await pair()
    const [typist, reader, outsider] = await Promise.all([
      online(url, customer),
      online(url, executor),
      online(url, stranger),
    ])
    const typing = nextEvent<ChatTypingEvent>(reader, 'chat:typing')
    const quiet = silent(outsider, 'chat:typing')
    typist.emit('chat:typing', { chat_id: chat.id })
    outsider.emit('chat:typing', { chat_id: chat.id })
    expect(await typing).toEqual({ chat_id: chat.id, user_id: customer.id })
    expect(await quiet).toBe(true)
    // A burst of "typing" is told once.
    await new Promise((resolve) => setTimeout(resolve, TYPING_EVERY_MS))
    let told = 0
    reader.on('chat:typing', () => void told++)
    for (let i = 0; i < 5; i++) typist.emit('chat:typing', { chat_id: chat.id })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(told).toBe(1)
    await send(t, 'PUT', `/chats/${chat.id}/block`, executor, { blocked: true })
    await new Promise((resolve) => setTimeout(resolve, TYPING_EVERY_MS))
    typist.emit('chat:typing', { chat_id: chat.id })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(told).toBe(1)
  })

  it('moves the sender’s marks to delivered, then read, and tells the reader’s devices what is left', async () => {
    const { url, customer, executor, chat } = await pair()
    const [sender, reader, readerPhone] = await Promise.all([
      online(url, customer),
      online(url, executor),
      online(url, executor),
    ])
    const ack = await emitSend(sender, { chat_id: chat.id, client_id: nextClientId(), text: 'Вы тут?' })
    if (!ack.ok) throw new Error('not sent')
    const delivered = nextEvent<ChatMarkEvent>(sender, 'chat:read')
    reader.emit('chat:delivered', { chat_id: chat.id, message_id: ack.message.id })
    expect(await delivered).toMatchObject({
      user_id: executor.id,
      delivered_up_to: ack.message.id,
      read_up_to: 0,
    })
    const read = nextEvent<ChatMarkEvent>(sender, 'chat:read')
    const left = nextEvent<ChatMarkEvent>(readerPhone, 'chat:read')
    reader.emit('chat:read', { chat_id: chat.id, message_id: ack.message.id })
    expect(await read).toMatchObject({ read_up_to: ack.message.id, unread: null })
    expect(await left).toMatchObject({ unread: 0, total: 0 })
  })

  it('brings a support question to every staff member’s socket, and their answer back', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const person = await user(t, 'customer')
    const staff = await user(t, 'customer')
    await t.db.db.update(users).set({ role: 'support' }).where(eq(users.id, staff.id))
    t.app.services.sessionCache.forget({ user: staff.id })
    const chat = (await send(t, 'POST', '/chats/support', person)).json<Chat>()
    const [asker, helper] = await Promise.all([online(url, person), online(url, staff)])
    const question = nextEvent<ChatMessageEvent>(helper, 'chat:message')
    await emitSend(asker, { chat_id: chat.id, client_id: nextClientId(), text: 'Помогите' })
    expect(await question).toMatchObject({ message: { text: 'Помогите', from_support: false } })
    const answer = nextEvent<ChatMessageEvent>(asker, 'chat:message')
    expect(
      await emitSend(helper, { chat_id: chat.id, client_id: nextClientId(), text: 'Слушаю' }),
    ).toMatchObject({
      ok: true,
      message: { from_support: true },
    })
    expect(await answer).toMatchObject({
      message: { text: 'Слушаю', from_support: true },
      unread: 1,
      total: 1,
    })
  })

  it('notifies of a message left unread, and not of one read in time', async () => {
    const { url, customer, executor, chat } = await pair()
    const [sender, reader] = await Promise.all([online(url, customer), online(url, executor)])
    const seen = await emitSend(sender, {
      chat_id: chat.id,
      client_id: nextClientId(),
      text: 'Прочитаете сразу',
    })
    if (!seen.ok) throw new Error('not sent')
    reader.emit('chat:read', { chat_id: chat.id, message_id: seen.message.id })
    await new Promise((resolve) => setTimeout(resolve, 1_300))
    expect((await bell(t, executor)).collection).toEqual([])
    const notif = nextEvent(reader, 'notif', 3_000)
    await emitSend(sender, { chat_id: chat.id, client_id: nextClientId(), text: 'А это позже' })
    expect(await notif).toMatchObject({
      notification: { type_push: 'chat_message', link: `/chats/${chat.id}` },
    })
  })
})
