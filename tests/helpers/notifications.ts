import type { NotifPayload, OrderProgressPayload, UnreadPayload } from '#contract/events.ts'
import type { Chat } from '#contract/schemas/chats.ts'
import type { Notification, PushPayload } from '#contract/schemas/notifications.ts'
import type { PushDelivery, RealtimeHub } from '#server/modules/notifications/ports.ts'
import { addSpeciality, catalogue, send, user, type Caller } from './specialists.ts'
import type { TestApp } from './test-app.ts'

/** A socket server that only remembers what it was asked to emit, to whom. */
export function fakeRealtime() {
  const notified: { userId: number; payload: NotifPayload }[] = []
  const unread: { userId: number; payload: UnreadPayload }[] = []
  const progress: { userId: number; payload: OrderProgressPayload }[] = []
  const hub: RealtimeHub = {
    notify: (userId, payload) => void notified.push({ userId, payload }),
    unreadChanged: (userId, payload) => void unread.push({ userId, payload }),
    orderProgress: (userId, payload) => void progress.push({ userId, payload }),
  }
  return {
    hub,
    notified,
    unread,
    progress,
    reset() {
      notified.length = 0
      unread.length = 0
      progress.length = 0
    },
  }
}

/** Browser push that keeps each payload as a Russian and an English device would get it. */
export function fakePush() {
  const sent: { userId: number; ru: PushPayload; en: PushPayload }[] = []
  const delivery: PushDelivery = {
    sendToUser: async (userId, render) => void sent.push({ userId, ru: render('ru'), en: render('en') }),
  }
  return {
    delivery,
    sent,
    reset() {
      sent.length = 0
    },
  }
}

/** A specialist (executor) with an active specialty in the catalogue's first category and the given profile. */
export async function specialist(t: TestApp, profile: Record<string, unknown> = {}): Promise<Caller> {
  const { first, ofFirst } = await catalogue(t)
  const me = await user(t, 'executor')
  await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id }])
  if (Object.keys(profile).length > 0) {
    const changed = await send(t, 'PUT', `/profile/${me.id}`, me, profile)
    if (changed.statusCode !== 200) throw new Error(`profile answered ${changed.statusCode}: ${changed.body}`)
  }
  return me
}

/** Publishes an order of the first category's first service (or `overrides`), answering its id. */
export async function publish(t: TestApp, customer: Caller, overrides: Record<string, unknown> = {}) {
  const { ofFirst } = await catalogue(t)
  const response = await send(t, 'POST', '/orders', customer, {
    services: [ofFirst[0]!.id],
    name: 'Повесить люстру',
    at_customer: true,
    ...overrides,
  })
  if (response.statusCode !== 201)
    throw new Error(`publish answered ${response.statusCode}: ${response.body}`)
  return response.json<{ id: number; number: string }>()
}

/** The caller's notifications as the bell lists them. */
export async function bell(t: TestApp, caller: Caller, query = '?perPage=50', lang = 'ru') {
  await t.app.services.events.settled()
  const response = await send(t, 'GET', `/profile/notification${query}`, caller, undefined, lang)
  if (response.statusCode !== 200) throw new Error(`bell answered ${response.statusCode}: ${response.body}`)
  return response.json<{
    collection: Notification[]
    meta: { page: number; perPage: number; total: number; unread: number }
  }>()
}

/** An order action as its caller. */
export async function act(
  t: TestApp,
  orderId: number,
  action: string,
  caller: Caller,
  payload: Record<string, unknown> = {},
) {
  const response = await send(t, 'POST', `/orders/${orderId}/actions/${action}`, caller, payload)
  if (response.statusCode !== 200)
    throw new Error(`${action} answered ${response.statusCode}: ${response.body}`)
  await t.app.services.events.settled()
  return response
}

/** A customer's order, a specialist's reply to it, and the conversation the reply opened (the customer's first). */
export async function replyConversation(t: TestApp) {
  const customer = await user(t, 'customer')
  const executor = await specialist(t)
  const order = await publish(t, customer)
  const replied = await send(t, 'POST', `/orders/${order.id}/replies`, executor, { message: 'Сделаю' })
  if (replied.statusCode !== 201) throw new Error(`the reply was refused: ${replied.body}`)
  await t.app.services.events.settled()
  const chats = await send(t, 'GET', '/chats', customer)
  return { customer, executor, chat: chats.json<{ collection: Chat[] }>().collection[0]! }
}
