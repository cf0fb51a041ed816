import { beforeEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from '#contract/schemas/notifications.ts'
import { bell, fakeRealtime, publish, specialist } from '#tests/helpers/notifications.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const realtime = fakeRealtime()
const t = useTestApp({ catalogue: true, deps: { realtimeHub: realtime.hub } })
beforeEach(() => realtime.reset())

/** A specialist who heard of `count` new orders of one customer, the newest last. */
async function specialistWithOrders(count: number) {
  const me = await specialist(t)
  const customer = await user(t, 'customer')
  const orders = []
  // Each order's notifications are written before the next order is published: on the frozen test clock they share
  // one time, and "newest first" then goes by the order they were written in.
  for (let i = 1; i <= count; i++) {
    orders.push(await publish(t, customer, { name: `Заказ ${i}` }))
    await t.app.services.events.settled()
  }
  return { me, customer, orders }
}

describe('GET /profile/notification', () => {
  it('lists the caller’s notifications newest first, five by default, with the spec’s fields', async () => {
    const { me, orders } = await specialistWithOrders(7)
    const page = await bell(t, me, '')
    expect(page.meta).toEqual({ page: 1, perPage: 5, total: 7, unread: 7, next_cursor: expect.any(String) })
    expect(page.collection.map((n) => n.link)).toEqual(
      orders
        .slice(2)
        .reverse()
        .map((order) => `/order/${order.id}`),
    )
    const newest = orders.at(-1)!
    expect(page.collection[0]).toEqual({
      id: expect.any(Number),
      type_push: 'new_order',
      status: 'active',
      message: `Новый заказ №${newest.number} «Заказ 7» по вашей специальности`,
      link: `/order/${newest.id}`,
      avatar: null,
      created_at: '2026-11-21T09:00:00.000Z',
    })
  })

  it('pages through the rest', async () => {
    const { me, orders } = await specialistWithOrders(7)
    const second = await bell(t, me, '?perPage=5&page=2')
    expect(second.meta).toEqual({ page: 2, perPage: 5, total: 7, unread: 7, next_cursor: null })
    expect(second.collection.map((n) => n.link)).toEqual([
      `/order/${orders[1]!.id}`,
      `/order/${orders[0]!.id}`,
    ])
    expect((await bell(t, me, '?perPage=5&page=3')).collection).toEqual([])
  })

  it('writes old notifications in the language the reader asks in', async () => {
    const { me, orders } = await specialistWithOrders(1)
    const number = orders[0]!.number
    const words = async (lang: string) => (await bell(t, me, '', lang)).collection[0]!.message
    expect(await words('en')).toBe(`New order №${number} “Заказ 1” in your specialty`)
    expect(await words('uz-Latn')).toBe(`Mutaxassisligingiz bo'yicha yangi buyurtma №${number} «Заказ 1»`)
    expect(await words('uz-Cyrl')).toBe(`Мутахассислигингиз бўйича янги буюртма №${number} «Заказ 1»`)
    expect(await words('ru')).toBe(`Новый заказ №${number} «Заказ 1» по вашей специальности`)
  })

  it('shows nobody another person’s notifications', async () => {
    await specialistWithOrders(2)
    const stranger = await user(t, 'executor')
    expect((await bell(t, stranger)).collection).toEqual([])
    expect((await bell(t, stranger)).meta).toMatchObject({ total: 0, unread: 0 })
  })

  it('answers 401 to a guest', async () => {
    for (const [method, url] of [
      ['GET', '/profile/notification'],
      ['PUT', '/profile/notification/status/1'],
      ['PUT', '/profile/notification/status'],
      ['GET', '/profile/notification/settings'],
      ['PUT', '/profile/notification/settings'],
    ] as const) {
      const response = await send(t, method, url, null, method === 'PUT' ? {} : undefined)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('PUT /profile/notification/status/{id}', () => {
  it('marks one read, lowers the unread count and tells the reader’s other devices', async () => {
    const { me } = await specialistWithOrders(3)
    const [newest] = (await bell(t, me)).collection
    const response = await send(t, 'PUT', `/profile/notification/status/${newest!.id}`, me, {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: newest!.id, status: 'read', link: newest!.link })
    const after = await bell(t, me)
    expect(after.meta.unread).toBe(2)
    expect(after.collection.map((n) => n.status)).toEqual(['read', 'active', 'active'])
    expect(realtime.unread).toEqual([{ userId: me.id, payload: { unread: 2 } }])
  })

  it('keeps a notification read when it is read again', async () => {
    const { me } = await specialistWithOrders(1)
    const [only] = (await bell(t, me)).collection
    await send(t, 'PUT', `/profile/notification/status/${only!.id}`, me, {})
    const again = await send(t, 'PUT', `/profile/notification/status/${only!.id}`, me, {})
    expect(again.json()).toMatchObject({ status: 'read' })
    expect((await bell(t, me)).meta.unread).toBe(0)
  })

  it('answers 404 for another person’s notification and leaves it unread', async () => {
    const { me } = await specialistWithOrders(1)
    const [theirs] = (await bell(t, me)).collection
    const stranger = await user(t, 'executor')
    const response = await send(t, 'PUT', `/profile/notification/status/${theirs!.id}`, stranger, {})
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toMatchObject({ code: 'not_found' })
    expect((await bell(t, me)).collection[0]!.status).toBe('active')
    expect(realtime.unread).toEqual([])
  })

  it('answers 404 for a notification that does not exist', async () => {
    const me = await user(t, 'executor')
    expect((await send(t, 'PUT', '/profile/notification/status/999999', me, {})).statusCode).toBe(404)
  })
})

describe('PUT /profile/notification/status', () => {
  it('marks all of the caller’s notifications read, and no one else’s', async () => {
    const { me } = await specialistWithOrders(3)
    const other = await specialist(t)
    await publish(t, await user(t, 'customer'))
    // The new order's notifications are written after the publish answers.
    await t.app.services.events.settled()
    const response = await send(t, 'PUT', '/profile/notification/status', me, {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ unread: 0 })
    const mine = await bell(t, me)
    expect(mine.meta.unread).toBe(0)
    expect(mine.collection.every((n) => n.status === 'read')).toBe(true)
    expect((await bell(t, other)).meta.unread).toBe(1)
    expect(realtime.unread).toEqual([{ userId: me.id, payload: { unread: 0 } }])
  })
})

describe('/profile/notification/settings', () => {
  it('starts with every channel on for every kind (Telegram and e-mail reach only a linked chat and a verified address) and the SMS fallback on', async () => {
    const me = await user(t, 'executor')
    const response = await send(t, 'GET', '/profile/notification/settings', me)
    expect(response.statusCode).toBe(200)
    const settings = response.json()
    expect(settings.sms_fallback).toBe(true)
    expect(Object.keys(settings.kinds)).toHaveLength(NOTIFICATION_KINDS.length)
    for (const channels of Object.values(settings.kinds)) {
      expect(channels).toEqual({ push: true, telegram: true, email: true })
    }
  })

  it('changes only the switches named and keeps them', async () => {
    const me = await user(t, 'executor')
    await send(t, 'PUT', '/profile/notification/settings', me, { kinds: { new_order: { push: false } } })
    const response = await send(t, 'PUT', '/profile/notification/settings', me, {
      kinds: { new_order: { email: false }, order_canceled: { telegram: false } },
      sms_fallback: false,
    })
    expect(response.statusCode).toBe(200)
    const saved = (await send(t, 'GET', '/profile/notification/settings', me)).json()
    expect(saved).toEqual(response.json())
    expect(saved.kinds.new_order).toEqual({ push: false, telegram: true, email: false })
    expect(saved.kinds.order_canceled).toEqual({ push: true, telegram: false, email: true })
    expect(saved.kinds.order_reply).toEqual({ push: true, telegram: true, email: true })
    expect(saved.sms_fallback).toBe(false)
    const stranger = await user(t, 'executor')
    expect((await send(t, 'GET', '/profile/notification/settings', stranger)).json().sms_fallback).toBe(true)
  })

  it('refuses a switch that is not a boolean', async () => {
    const me = await user(t, 'executor')
    const response = await send(t, 'PUT', '/profile/notification/settings', me, {
      kinds: { new_order: { push: 'no' } },
    })
    expect(response.statusCode).toBe(400)
  })
})
