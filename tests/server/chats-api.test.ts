import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { users } from '#server/db/schema/users.ts'
import { bell, publish, specialist } from '#tests/helpers/notifications.ts'
import { phonePhoto, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({
  catalogue: true,
  config: { CHAT_MESSAGES_PER_MINUTE: 5, CHAT_NOTIFY_AFTER_S: 0 },
})

let clientIds = 0
const nextClientId = () => `client-${String(++clientIds).padStart(6, '0')}`

async function reply(orderId: number, executor: Caller, message = 'Сделаю сегодня.') {
  const response = await send(t, 'POST', `/orders/${orderId}/replies`, executor, { message })
  expect(response.statusCode, response.body).toBe(201)
  await t.app.services.events.settled()
}

async function chatsOf(caller: Caller, query = '') {
  const response = await send(t, 'GET', `/chats${query}`, caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ collection: Chat[]; meta: { next_cursor: string | null; unread: number } }>()
}

async function open(caller: Caller, body: Record<string, unknown>) {
  const response = await send(t, 'POST', '/chats', caller, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Chat>()
}

async function say(caller: Caller, chatId: number, text: string, clientId = nextClientId()) {
  const response = await send(t, 'POST', `/chats/${chatId}/messages`, caller, { client_id: clientId, text })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ChatMessage>()
}

async function history(caller: Caller, chatId: number, query = '') {
  const response = await send(t, 'GET', `/chats/${chatId}/messages${query}`, caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{
    collection: ChatMessage[]
    meta: { next_cursor: string | null; read_up_to: number; delivered_up_to: number }
  }>()
}

/** A customer's order with one specialist's reply: the conversation it opened. */
async function replied() {
  const customer = await user(t, 'customer')
  const executor = await specialist(t)
  const order = await publish(t, customer)
  await reply(order.id, executor)
  const [chat] = (await chatsOf(customer)).collection
  return { customer, executor, order, chat: chat! }
}

const makeStaff = (caller: Caller) =>
  t.db.db.update(users).set({ role: 'support' }).where(eq(users.id, caller.id))

function photoForm(clientId: string, bytes: Buffer) {
  const boundary = '----fika-chat'
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${clientId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

describe('opening conversations', () => {
  it('opens one when a specialist replies, with the reply as its first message', async () => {
    const { customer, executor, order, chat } = await replied()
    expect(chat).toMatchObject({
      kind: 'order',
      order: { id: order.id, name: 'Повесить люстру', status: 'open' },
      other: { id: executor.id, support: false },
      last_message: { kind: 'reply', text: 'Сделаю сегодня.', sender_id: executor.id },
      unread: 1,
      blocked: 'none',
      as_support: false,
    })
    const mine = (await chatsOf(executor)).collection
    expect(mine).toMatchObject([{ id: chat.id, other: { id: customer.id }, unread: 0 }])
    expect((await chatsOf(customer)).meta.unread).toBe(1)
  })

  it('opens a direct order’s conversation with its specialist', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    await publish(t, customer, { executor_id: executor.id })
    await t.app.services.events.settled()
    expect((await chatsOf(executor)).collection).toMatchObject([
      { kind: 'order', other: { id: customer.id } },
    ])
  })

  it('answers the same conversation however often it is opened, from either side', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const first = await open(customer, { user_id: executor.id })
    const again = await open(customer, { user_id: executor.id })
    const theirs = await open(executor, { user_id: customer.id })
    expect(first).toMatchObject({ kind: 'direct', order: null, other: { id: executor.id } })
    expect([again.id, theirs.id]).toEqual([first.id, first.id])
  })

  it('lets a customer and a replier open the order’s conversation, and nobody else', async () => {
    const { customer, executor, order, chat } = await replied()
    expect((await open(customer, { user_id: executor.id, order_id: order.id })).id).toBe(chat.id)
    expect((await open(executor, { user_id: customer.id, order_id: order.id })).id).toBe(chat.id)
    const stranger = await specialist(t)
    for (const [caller, other] of [
      [stranger, customer],
      [customer, stranger],
      [stranger, executor],
    ] as const) {
      const refused = await send(t, 'POST', '/chats', caller, { user_id: other.id, order_id: order.id })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('chat_not_allowed')
    }
  })

  it('refuses a conversation with yourself or with nobody, in the caller’s language', async () => {
    const me = await user(t, 'customer')
    const self = await send(t, 'POST', '/chats', me, { user_id: me.id }, 'en')
    expect(self.statusCode).toBe(400)
    expect(self.json().error).toMatchObject({
      code: 'cannot_chat_with_yourself',
      message: 'You cannot write to yourself',
    })
    expect((await send(t, 'POST', '/chats', me, { user_id: 2_000_000 })).statusCode).toBe(404)
    expect((await send(t, 'POST', '/chats', me, { user_id: 2 ** 31 })).json().error.code).toBe('id_invalid')
    expect((await send(t, 'POST', '/chats', null, { user_id: 1 })).statusCode).toBe(401)
  })
})

describe('messages', () => {
  it('stores a replayed client id once and answers the first message', async () => {
    const { customer, chat } = await replied()
    const first = await say(customer, chat.id, 'Когда сможете?', 'replayed-0001')
    const replay = await say(customer, chat.id, 'Когда сможете? (again)', 'replayed-0001')
    expect(replay).toEqual(first)
    expect((await history(customer, chat.id)).collection.map((message) => message.text)).toEqual([
      'Сделаю сегодня.',
      'Когда сможете?',
    ])
  })

  it('keeps the order written and pages towards older messages', async () => {
    const { customer, executor, chat } = await replied()
    for (let i = 1; i <= 4; i++) {
      await say(i % 2 ? customer : executor, chat.id, `m${i}`)
      t.clock.advance(20)
    }
    const newest = await history(customer, chat.id, '?perPage=2')
    expect(newest.collection.map((message) => message.text)).toEqual(['m3', 'm4'])
    const older = await history(customer, chat.id, `?perPage=2&before=${newest.meta.next_cursor}`)
    expect(older.collection.map((message) => message.text)).toEqual(['m1', 'm2'])
    const oldest = await history(customer, chat.id, `?perPage=2&before=${older.meta.next_cursor}`)
    expect(oldest.collection.map((message) => message.text)).toEqual(['Сделаю сегодня.'])
    expect(oldest.meta.next_cursor).toBeNull()
    const since = await history(customer, chat.id, `?after=${older.collection[1]!.id}`)
    expect(since.collection.map((message) => message.text)).toEqual(['m3', 'm4'])
  })

  it('refuses an empty or too long text with a field message, losing nothing saved', async () => {
    const { customer, chat } = await replied()
    const empty = await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: nextClientId(),
      text: '   ',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({
      code: 'message_empty',
      fields: { text: ['Напишите сообщение'] },
    })
    const long = await send(
      t,
      'POST',
      `/chats/${chat.id}/messages`,
      customer,
      { client_id: nextClientId(), text: 'я'.repeat(4001) },
      'en',
    )
    expect(long.json().error.fields.text).toEqual(['The message is longer than 4000 characters, shorten it'])
    const badId = await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: 'x',
      text: 'hi',
    })
    expect(badId.json().error.code).toBe('client_id_invalid')
    expect((await history(customer, chat.id)).collection).toHaveLength(1)
  })

  it('sends a location and a re-encoded photo, and refuses what is not a photo', async () => {
    const { customer, chat } = await replied()
    const location = await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: nextClientId(),
      location: { lat: 41.3111, lng: 69.2797 },
    })
    expect(location.json()).toMatchObject({ kind: 'location', location: { lat: 41.3111, lng: 69.2797 } })
    const form = photoForm('photo-000001', await phonePhoto())
    const photo = await t.inject({
      method: 'POST',
      url: `/api/fika/freelancer/v1.0.1/chats/${chat.id}/photos`,
      payload: form.payload,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': form.contentType },
    })
    expect(photo.statusCode, photo.body).toBe(200)
    const sent = photo.json<ChatMessage>()
    expect(sent).toMatchObject({ kind: 'photo', client_id: 'photo-000001' })
    expect(sent.photo).toMatch(new RegExp(`^/api/uploads/chats/${chat.id}/[0-9a-f-]+\\.webp$`))
    expect((await t.inject({ method: 'GET', url: sent.photo! })).headers['content-type']).toBe('image/webp')
    const junk = photoForm('photo-000002', Buffer.from('not a picture'))
    const refused = await t.inject({
      method: 'POST',
      url: `/api/fika/freelancer/v1.0.1/chats/${chat.id}/photos`,
      payload: junk.payload,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': junk.contentType },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('file_invalid')
  })

  it('limits messages per minute with a localized wait, and replays still answer', async () => {
    const { customer, chat } = await replied()
    const sent = []
    for (let i = 0; i < 5; i++) sent.push(await say(customer, chat.id, `m${i}`))
    const limited = await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: nextClientId(),
      text: 'one more',
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toMatchObject({ code: 'chat_rate_limited', retry_after: 60 })
    expect(limited.json().error.message).toBe(
      'Слишком много сообщений подряд. Подождите 60 с и отправьте снова',
    )
    expect(await say(customer, chat.id, 'again', sent[0]!.client_id)).toEqual(sent[0])
    t.clock.advance(61)
    await say(customer, chat.id, 'after a minute')
    expect((await history(customer, chat.id)).collection).toHaveLength(7)
  })
})

describe('read marks', () => {
  it('counts unread messages and moves the sender’s read mark when the other reads', async () => {
    const { customer, executor, chat } = await replied()
    const question = await say(customer, chat.id, 'Когда сможете?')
    await say(customer, chat.id, 'И сколько это будет стоить?')
    const before = (await chatsOf(executor)).collection[0]!
    expect(before.unread).toBe(2)
    // The customer's messages come after the reply: they have read it.
    expect(before.read_up_to).toBeGreaterThanOrEqual(chat.last_message!.id)
    const read = await send(t, 'POST', `/chats/${chat.id}/read`, executor, { message_id: question.id })
    expect(read.json()).toEqual({ chat_id: chat.id, unread: 1, total: 1 })
    expect((await chatsOf(customer)).collection[0]).toMatchObject({ read_up_to: question.id })
    expect((await send(t, 'GET', '/chats/unread', executor)).json()).toEqual({ unread: 1 })
    // A mark past the newest message stops at it.
    const all = await send(t, 'POST', `/chats/${chat.id}/read`, executor, { message_id: 2_000_000_000 })
    expect(all.json()).toMatchObject({ unread: 0, total: 0 })
  })
})

describe('who may touch a conversation', () => {
  it('answers a stranger as if it did not exist, for every call', async () => {
    const { chat } = await replied()
    const stranger = await user(t, 'customer')
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', `/chats/${chat.id}`],
      ['GET', `/chats/${chat.id}/messages`],
      ['POST', `/chats/${chat.id}/messages`, { client_id: nextClientId(), text: 'hi' }],
      ['POST', `/chats/${chat.id}/read`, { message_id: chat.last_message!.id }],
      ['PUT', `/chats/${chat.id}/block`, { blocked: true }],
      ['POST', `/chats/${chat.id}/messages/${chat.last_message!.id}/report`, { reason: 'spam' }],
    ]
    for (const [method, url, body] of calls) {
      expect((await send(t, method, url, stranger, body)).statusCode, `${method} ${url}`).toBe(404)
      expect((await send(t, method, url, null, body)).statusCode, `guest ${method} ${url}`).toBe(401)
    }
    const form = photoForm(nextClientId(), await phonePhoto())
    const photo = await t.inject({
      method: 'POST',
      url: `/api/fika/freelancer/v1.0.1/chats/${chat.id}/photos`,
      payload: form.payload,
      headers: { authorization: `Bearer ${stranger.token}`, 'content-type': form.contentType },
    })
    expect(photo.statusCode).toBe(404)
    expect((await chatsOf(stranger)).collection).toEqual([])
  })

  it('stops messages both ways while one blocks the other, until unblocked', async () => {
    const { customer, executor, chat } = await replied()
    const blocked = await send(t, 'PUT', `/chats/${chat.id}/block`, customer, { blocked: true })
    expect(blocked.json()).toMatchObject({ blocked: 'by_me' })
    expect((await chatsOf(executor)).collection[0]).toMatchObject({ blocked: 'by_them' })
    for (const caller of [customer, executor]) {
      const refused = await send(t, 'POST', `/chats/${chat.id}/messages`, caller, {
        client_id: nextClientId(),
        text: 'hi',
      })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('chat_blocked')
    }
    await send(t, 'PUT', `/chats/${chat.id}/block`, customer, { blocked: false })
    await say(executor, chat.id, 'Снова на связи')
  })

  it('takes a report once, of the other person’s message only', async () => {
    const { customer, executor, chat } = await replied()
    const mine = await say(customer, chat.id, 'Мой текст')
    const theirs = chat.last_message!
    const report = (caller: Caller, id: number) =>
      send(t, 'POST', `/chats/${chat.id}/messages/${id}/report`, caller, { reason: 'spam', text: 'реклама' })
    expect((await report(customer, theirs.id)).json()).toMatchObject({ status: 'pending' })
    expect((await report(customer, theirs.id)).json().error.code).toBe('already_reported')
    expect((await report(customer, mine.id)).json().error.code).toBe('cannot_report_own_message')
    expect((await report(executor, mine.id)).statusCode).toBe(200)
    const noReason = await send(t, 'POST', `/chats/${chat.id}/messages/${theirs.id}/report`, customer, {})
    expect(noReason.json().error.code).toBe('report_reason_required')
  })
})

describe('support chat', () => {
  it('is one conversation per person, answered by any staff member as the team', async () => {
    const person = await user(t, 'customer')
    const staff = await user(t, 'customer')
    const otherStaff = await user(t, 'customer')
    await makeStaff(staff)
    await makeStaff(otherStaff)
    const chat = (await send(t, 'POST', '/chats/support', person)).json<Chat>()
    expect(chat).toMatchObject({ kind: 'support', other: { id: null, support: true }, as_support: false })
    expect((await send(t, 'POST', '/chats/support', person)).json<Chat>().id).toBe(chat.id)
    const question = await say(person, chat.id, 'Как сменить номер?')
    // A role is read from the session: the staff log in again after getting it.
    t.app.services.sessionCache.forget({ user: staff.id })
    t.app.services.sessionCache.forget({ user: otherStaff.id })
    const inbox = await chatsOf(staff)
    expect(inbox.collection).toMatchObject([
      { id: chat.id, other: { id: person.id }, unread: 1, as_support: true },
    ])
    const answer = await say(staff, chat.id, 'Напишите нам номер')
    expect(answer).toMatchObject({ from_support: true, sender_id: staff.id })
    expect((await chatsOf(otherStaff)).collection[0]).toMatchObject({ unread: 0 })
    const seen = (await chatsOf(person)).collection[0]!
    expect(seen.unread).toBe(1)
    expect(seen.read_up_to).toBeGreaterThanOrEqual(question.id)
    expect((await send(t, 'PUT', `/chats/${chat.id}/block`, person, { blocked: true })).statusCode).toBe(403)
    const stranger = await user(t, 'customer')
    expect((await send(t, 'GET', `/chats/${chat.id}/messages`, stranger)).statusCode).toBe(404)
  })
})

describe('search and paging of the list', () => {
  it('finds conversations by the other person’s name or the order, and pages by cursor', async () => {
    const customer = await user(t, 'customer')
    const named = await specialist(t, { name: 'Dilnoza' })
    const other = await specialist(t, { name: 'Bekzod' })
    const order = await publish(t, customer, { name: 'Покрасить забор' })
    await reply(order.id, other)
    t.clock.advance(10)
    await open(customer, { user_id: named.id })
    const found = await chatsOf(customer, '?search=dilno')
    expect(found.collection.map((chat) => chat.other.id)).toEqual([named.id])
    expect((await chatsOf(customer, `?search=${encodeURIComponent('забор')}`)).collection[0]!.order!.id).toBe(
      order.id,
    )
    const first = await chatsOf(customer, '?perPage=1')
    const second = await chatsOf(customer, `?perPage=1&cursor=${first.meta.next_cursor}`)
    expect([...first.collection, ...second.collection].map((chat) => chat.other.id)).toEqual([
      named.id,
      other.id,
    ])
    expect(second.meta.next_cursor).toBeNull()
    expect((await send(t, 'GET', '/chats?cursor=bad!', customer)).json().error.code).toBe('cursor_invalid')
    expect((await send(t, 'GET', '/chats?perPage=51', customer)).json().error.code).toBe('per_page_invalid')
  })
})

describe('notifications of unread messages', () => {
  it('turns an unread message into one "new message" notification, read with the conversation', async () => {
    const { customer, executor, chat } = await replied()
    await say(customer, chat.id, 'Когда сможете?')
    await say(customer, chat.id, 'Ответьте, пожалуйста')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const notified = (await bell(t, executor)).collection.filter((n) => n.type_push === 'chat_message')
    expect(notified).toMatchObject([{ link: `/chats/${chat.id}`, status: 'active' }])
    await send(t, 'POST', `/chats/${chat.id}/read`, executor, { message_id: 2_000_000_000 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await bell(t, executor)).collection.filter((n) => n.type_push === 'chat_message')).toMatchObject([
      { status: 'read' },
    ])
  })
})
