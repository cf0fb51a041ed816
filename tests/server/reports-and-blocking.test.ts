import { desc } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { CHAT_CONNECTION, type ChatHiddenEvent } from '#contract/events.ts'
import { ADMIN_API } from '#contract/verification-endpoints.ts'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import type { AdminReport } from '#contract/schemas/reports.ts'
import { auditLog } from '#server/db/schema/verification.ts'
import { login, PASSWORD, refresh, register } from '#tests/helpers/auth-flows.ts'
import { bell, publish, specialist } from '#tests/helpers/notifications.ts'
import { closeClients, connectClient, connected, nextEvent } from '#tests/helpers/sockets.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'

const t = useTestApp({ catalogue: true })
afterEach(closeClients)

/** The running app, told of a role given or taken as the command tells servers over Redis. */
const servers = { userChanged: (userId: number) => t.app.auth.sessionCache.forget({ user: userId }) }

async function staff(role: 'moderator' | 'support') {
  const person = await user(t, 'customer')
  await runStaffRole(t.db.db, role, ['add', person.phone], servers)
  return person
}

/** Calls the moderation API as `caller` (null: a guest). */
const admin = (caller: Caller | null, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.inject({
    method,
    url: `${ADMIN_API}${path}`,
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    ...(payload && { payload }),
  })

const pending = async (moderator: Caller) =>
  (await admin(moderator, 'GET', '/reports')).json<{
    collection: AdminReport[]
    next_cursor: string | null
  }>()

const audited = async () =>
  (await t.db.db.select().from(auditLog).orderBy(desc(auditLog.id))).map(({ action, target, reason }) => ({
    action,
    target,
    reason,
  }))

/** A conversation of a customer and a specialist with a few messages, the specialist's rude one among them. */
async function conversation() {
  const customer = await user(t, 'customer')
  const executor = await user(t, 'executor')
  const chat = (await send(t, 'POST', '/chats', customer, { user_id: executor.id })).json<Chat>()
  const write = async (caller: Caller, text: string, n: number) =>
    (
      await send(t, 'POST', `/chats/${chat.id}/messages`, caller, {
        client_id: `report-test-${n}-${text.length}`,
        text,
      })
    ).json<ChatMessage>()
  await write(customer, 'Здравствуйте, когда сможете прийти?', 1)
  const rude = await write(executor, 'Не ваше дело, платите вперёд', 2)
  await write(customer, 'Так нельзя разговаривать', 3)
  const report = await send(t, 'POST', `/chats/${chat.id}/messages/${rude.id}/report`, customer, {
    reason: 'abuse',
    text: 'Грубит',
  })
  expect(report.statusCode, report.body).toBe(200)
  return { customer, executor, chat, rude }
}

describe('reporting an order or a profile', () => {
  it('takes one report per person and order: a second answers the first, one’s own is refused', async () => {
    const customer = await user(t, 'customer')
    const order = await publish(t, customer)
    const stranger = await user(t, 'executor')
    const first = await send(t, 'POST', `/orders/${order.id}/report`, stranger, {
      reason: 'fraud',
      text: 'Предоплата',
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ status: 'pending' })
    const again = await send(t, 'POST', `/orders/${order.id}/report`, stranger, { reason: 'spam' })
    expect(again.json()).toEqual(first.json())

    const own = await send(t, 'POST', `/orders/${order.id}/report`, customer, { reason: 'spam' })
    expect(own.statusCode).toBe(403)
    expect(own.json().error.code).toBe('cannot_report_own')
    expect((await send(t, 'POST', `/orders/${order.id}/report`, null, { reason: 'spam' })).statusCode).toBe(
      401,
    )
    expect((await send(t, 'POST', `/orders/999999/report`, stranger, { reason: 'spam' })).statusCode).toBe(
      404,
    )
  })

  it('bounds the reason and the words, and takes a profile’s report once, never one’s own', async () => {
    const master = await specialist(t)
    const customer = await user(t, 'customer')
    const tooLong = await send(t, 'POST', `/profiles/${master.id}/report`, customer, {
      reason: 'spam',
      text: 'я'.repeat(501),
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error.code).toBe('report_text_max')
    const noReason = await send(t, 'POST', `/profiles/${master.id}/report`, customer, { reason: 'boring' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.code).toBe('report_reason_required')

    const twice = await Promise.all(
      [1, 2].map(() =>
        send(t, 'POST', `/profiles/${master.id}/report`, customer, {
          reason: 'fraud',
          text: 'я'.repeat(500),
        }),
      ),
    )
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200])
    expect(twice[0]!.json().id).toBe(twice[1]!.json().id)
    expect(
      (await send(t, 'POST', `/profiles/${master.id}/report`, master, { reason: 'spam' })).json().error.code,
    ).toBe('cannot_report_own')
    expect(
      (await send(t, 'POST', `/profiles/${master.id}/report`, null, { reason: 'spam' })).statusCode,
    ).toBe(401)
  })
})

describe('the moderators’ reports', () => {
  it('answers 401 to a guest and 403 to a customer, a specialist and support staff, on every route', async () => {
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const support = await staff('support')
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/reports'],
      ['POST', '/reports/message/1/dismiss', {}],
      ['POST', '/reports/order/1/hide', {}],
      ['POST', '/reports/profile/1/warn', { reason: 'spam' }],
      ['POST', `/users/${customer.id}/block`, { reason: 'spam' }],
      ['POST', `/users/${customer.id}/unblock`, {}],
    ]
    for (const [method, path, body] of routes) {
      expect((await admin(null, method, path, body)).statusCode, path).toBe(401)
      for (const caller of [customer, executor, support])
        expect((await admin(caller, method, path, body)).statusCode, path).toBe(403)
    }
  })

  it('lists a reported message with the conversation around it, an order and a profile, newest first', async () => {
    const moderator = await staff('moderator')
    const { customer, rude } = await conversation()
    t.clock.advance(1)
    const order = await publish(t, await user(t, 'customer'), {
      name: 'Сомнительный заказ',
      description: 'Оплата картой',
    })
    await send(t, 'POST', `/orders/${order.id}/report`, customer, { reason: 'fraud' })
    t.clock.advance(1)
    const master = await specialist(t)
    await send(t, 'POST', `/profiles/${master.id}/report`, customer, { reason: 'spam', text: 'Реклама' })

    const { collection, next_cursor } = await pending(moderator)
    expect(next_cursor).toBeNull()
    expect(collection.map((r) => r.kind)).toEqual(['profile', 'order', 'message'])
    const [profile, ordered, message] = collection
    expect(profile).toMatchObject({
      reason: 'spam',
      text: 'Реклама',
      profile: { id: master.id },
      author: { id: master.id },
    })
    expect(ordered).toMatchObject({
      order: {
        id: order.id,
        name: 'Сомнительный заказ',
        description: 'Оплата картой',
        link: `/order/${order.id}`,
      },
    })
    expect(message!.reporter.id).toBe(customer.id)
    expect(message!.conversation!.messages.map((m) => [m.text, m.reported])).toEqual([
      ['Здравствуйте, когда сможете прийти?', false],
      ['Не ваше дело, платите вперёд', true],
      ['Так нельзя разговаривать', false],
    ])
    expect(message!.author!.id).toBe(rude.sender_id)
  })

  it('hides a message for both people, tells the reporter’s open chat at once, and audits it', async () => {
    const moderator = await staff('moderator')
    const { customer, executor, chat, rude } = await conversation()
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = connectClient(url, () => customer.token, {
      ...CHAT_CONNECTION,
      transports: [...CHAT_CONNECTION.transports],
    })
    await connected(socket)
    expect(await socket.timeout(5_000).emitWithAck('connect_user', {})).toMatchObject({ ok: true })
    const told = nextEvent<ChatHiddenEvent>(socket, 'chat:hidden')

    const [report] = (await pending(moderator)).collection
    const hidden = await admin(moderator, 'POST', `/reports/message/${report!.id}/hide`, {
      text: 'Оскорбление',
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(await told).toEqual({ chat_id: chat.id, message_id: rude.id })
    for (const caller of [customer, executor]) {
      const messages = (await send(t, 'GET', `/chats/${chat.id}/messages`, caller)).json<{
        collection: ChatMessage[]
      }>()
      expect(messages.collection.find((m) => m.id === rude.id)).toMatchObject({ hidden: true, text: '' })
    }
    expect((await pending(moderator)).collection).toEqual([])
    expect((await audited())[0]).toEqual({
      action: 'message.hide',
      target: `message:${rude.id}`,
      reason: 'abuse: Оскорбление',
    })
    expect((await admin(moderator, 'POST', `/reports/message/${report!.id}/dismiss`, {})).statusCode).toBe(
      409,
    )
  })

  it('hides an order from the public lists and from everyone but its customer', async () => {
    const moderator = await staff('moderator')
    const owner = await user(t, 'customer')
    const order = await publish(t, owner)
    const reporter = await user(t, 'executor')
    await send(t, 'POST', `/orders/${order.id}/report`, reporter, { reason: 'fraud' })
    const [report] = (await pending(moderator)).collection
    type Listed = { collection: { id: number }[]; meta: { total: number } }
    const before = (await send(t, 'GET', '/orders', null)).json<Listed>()
    expect(before.collection.map((o) => o.id)).toContain(order.id)

    expect((await admin(moderator, 'POST', `/reports/order/${report!.id}/hide`, {})).statusCode).toBe(200)
    const listed = (await send(t, 'GET', '/orders', null)).json<Listed>()
    expect(listed.collection.map((o) => o.id)).not.toContain(order.id)
    // The list's total counts what it shows.
    expect(listed.meta.total).toBe(before.meta.total - 1)
    expect((await send(t, 'GET', `/orders/${order.id}`, reporter)).statusCode).toBe(404)
    expect((await send(t, 'GET', `/orders/${order.id}`, null)).statusCode).toBe(404)
    expect((await send(t, 'GET', `/orders/${order.id}`, owner)).statusCode).toBe(200)
    expect((await audited())[0]).toMatchObject({ action: 'order.hide', target: `order:${order.id}` })
  })

  it('hides a profile from /executors and its public page', async () => {
    const moderator = await staff('moderator')
    const master = await specialist(t)
    const slug = (await send(t, 'GET', '/profile', master)).json<{ slug: string }>().slug
    const reporter = await user(t, 'customer')
    await send(t, 'POST', `/profiles/${master.id}/report`, reporter, { reason: 'spam' })
    const ids = async () =>
      (await send(t, 'GET', '/executors', null))
        .json<{ collection: { id: number }[] }>()
        .collection.map((e) => e.id)
    expect(await ids()).toContain(master.id)
    const [report] = (await pending(moderator)).collection

    expect((await admin(moderator, 'POST', `/reports/profile/${report!.id}/hide`, {})).statusCode).toBe(200)
    expect(await ids()).not.toContain(master.id)
    expect((await send(t, 'GET', `/myprofile/${slug}`, null)).statusCode).toBe(404)
    expect((await send(t, 'GET', `/myprofile/${slug}`, reporter)).statusCode).toBe(404)
    expect((await send(t, 'GET', `/myprofile/${slug}`, master)).statusCode).toBe(200)
    expect((await audited())[0]).toMatchObject({
      action: 'profile.hide',
      target: `user:${master.id}`,
      reason: 'spam',
    })
  })

  it('dismisses a report and warns an author, who hears of it with the reason', async () => {
    const moderator = await staff('moderator')
    const { customer, executor } = await conversation()
    t.clock.advance(1)
    const order = await publish(t, customer)
    await send(t, 'POST', `/orders/${order.id}/report`, executor, { reason: 'spam' })
    const [orderReport, messageReport] = (await pending(moderator)).collection

    const dismissed = await admin(moderator, 'POST', `/reports/order/${orderReport!.id}/dismiss`, {
      text: 'Всё в порядке',
    })
    expect(dismissed.json()).toMatchObject({ status: 'dismissed' })
    expect((await audited())[0]).toEqual({
      action: 'report.dismiss',
      target: `order_report:${orderReport!.id}`,
      reason: 'Всё в порядке',
    })

    const warned = await admin(moderator, 'POST', `/reports/message/${messageReport!.id}/warn`, {
      reason: 'abuse',
      text: 'Будьте вежливы',
    })
    expect(warned.statusCode, warned.body).toBe(200)
    const { collection } = await bell(t, executor)
    expect(collection[0]).toMatchObject({ type_push: 'moderator_warning', avatar: null })
    expect(collection[0]!.message).toContain('оскорбления')
    expect(collection[0]!.message).toContain('Будьте вежливы')
    expect((await audited())[0]).toEqual({
      action: 'user.warn',
      target: `user:${executor.id}`,
      reason: 'abuse: Будьте вежливы',
    })
    expect((await pending(moderator)).collection).toEqual([])
  })
})

describe('blocking an account', () => {
  it('ends its sessions and sockets at once and refuses its logins with “temporarily no access” until unblocked', async () => {
    const moderator = await staff('moderator')
    const blocked = await register(t, { type: 'customer' })
    const id = (await send(t, 'GET', '/profile', blocked)).json<{ id: number }>().id
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = connectClient(url, () => blocked.token, { reconnection: false })
    await connected(socket)
    const disconnected = nextEvent<string>(socket, 'disconnect')

    const answer = await admin(moderator, 'POST', `/users/${id}/block`, { reason: 'fraud', text: 'Мошенник' })
    expect(answer.json()).toEqual({ id, blocked: true })
    expect(await disconnected).toBe('io server disconnect')
    expect((await send(t, 'GET', '/profile', blocked)).statusCode).toBe(401)
    expect((await refresh(t, blocked.refreshToken)).statusCode).toBe(401)
    const refused = await login(t, { username: blocked.phone, password: PASSWORD, type: 'customer' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      type: 'forbidden',
      code: 'forbidden',
      message: 'Временно нет доступа',
    })
    expect((await audited())[0]).toEqual({
      action: 'user.block',
      target: `user:${id}`,
      reason: 'fraud: Мошенник',
    })

    expect((await admin(moderator, 'POST', `/users/${id}/unblock`, {})).json()).toEqual({
      id,
      blocked: false,
    })
    expect(
      (await login(t, { username: blocked.phone, password: PASSWORD, type: 'customer' })).statusCode,
    ).toBe(200)
    expect((await audited())[0]).toMatchObject({ action: 'user.unblock', target: `user:${id}` })
  })

  it('never blocks a moderator, support staff or oneself', async () => {
    const moderator = await staff('moderator')
    const other = await staff('moderator')
    const support = await staff('support')
    for (const target of [moderator, other, support]) {
      const refused = await admin(moderator, 'POST', `/users/${target.id}/block`, { reason: 'other' })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.code).toBe('cannot_block_staff')
    }
    expect((await send(t, 'GET', '/profile', other)).statusCode).toBe(200)
  })
})
