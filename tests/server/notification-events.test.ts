import { beforeEach, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { act, bell, fakePush, fakeRealtime, publish, specialist } from '#tests/helpers/notifications.ts'
import {
  catalogue,
  multipart,
  phonePhoto,
  send,
  upload,
  user,
  type Caller,
} from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const realtime = fakeRealtime()
const push = fakePush()
const t = useTestApp({ catalogue: true, deps: { realtimeHub: realtime.hub, pushDelivery: push.delivery } })
beforeEach(() => {
  realtime.reset()
  push.reset()
})

async function named(caller: Caller, name: string) {
  const response = await send(t, 'PUT', `/profile/${caller.id}`, caller, { name })
  if (response.statusCode !== 200) throw new Error(response.body)
  return caller
}

/** A customer Азиз, a replying executor Dilnoza with a photo, and a specialist of the category who only looks on. */
async function cast() {
  const customer = await named(await user(t, 'customer'), 'Азиз')
  const executor = await named(await user(t, 'executor'), 'Dilnoza')
  const photo = await upload(t, '/profile/avatar', executor, multipart(await phonePhoto()))
  expect(photo.statusCode, photo.body).toBe(200)
  const avatar = photo.json<{ avatar_thumb: string }>().avatar_thumb
  const onlooker = await specialist(t)
  return { customer, executor, avatar, onlooker }
}

/** Who was told what over the socket since the last look, as [user, kind]; then forgets it. */
async function told() {
  await t.app.services.events.settled()
  const seen = realtime.notified.map(({ userId, payload }) => [userId, payload.notification.type_push])
  realtime.reset()
  return seen
}

const reply = async (orderId: number, executor: Caller) => {
  const response = await send(t, 'POST', `/orders/${orderId}/replies`, executor, {
    message: 'Сделаю сегодня.',
  })
  expect(response.statusCode).toBe(201)
}

describe('the notifier', () => {
  it('tells the matching specialists of a new order, and nobody else', async () => {
    const { customer, executor, onlooker } = await cast()
    await publish(t, customer)
    expect(await told()).toEqual([[onlooker.id, 'new_order']])
    expect((await bell(t, customer)).collection).toEqual([])
    expect((await bell(t, executor)).collection).toEqual([])
  })

  it('tells the customer of a reply, with the replier’s photo, over the socket and by push', async () => {
    const { customer, executor, avatar } = await cast()
    const order = await publish(t, customer)
    await told()
    push.reset()
    await reply(order.id, executor)
    const [notification] = (await bell(t, customer)).collection
    expect(notification).toMatchObject({
      type_push: 'order_reply',
      status: 'active',
      message: `Dilnoza хочет выполнить ваш заказ №${order.number} «Повесить люстру»`,
      link: `/order/${order.id}`,
      avatar,
    })
    expect(realtime.notified).toEqual([{ userId: customer.id, payload: { notification, unread: 1 } }])
    expect(push.sent).toEqual([
      {
        userId: customer.id,
        ru: {
          title: 'Интерес к вашему заказу',
          body: notification!.message,
          url: `/order/${order.id}`,
          tag: `order-${order.id}`,
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          id: notification!.id,
        },
        en: expect.objectContaining({
          title: 'Interest in your order',
          body: `Dilnoza wants to do your order №${order.number} “Повесить люстру”`,
        }),
      },
    ])
  })

  it('tells the other party of each step of an order, never the one who took it', async () => {
    const { customer, executor, onlooker } = await cast()
    const order = await publish(t, customer)
    expect(await told()).toEqual([[onlooker.id, 'new_order']])
    await reply(order.id, executor)
    expect(await told()).toEqual([[customer.id, 'order_reply']])
    await act(t, order.id, 'choose', customer, { executor_id: executor.id })
    expect(await told()).toEqual([[executor.id, 'executor_chosen']])
    await act(t, order.id, 'decline', executor)
    expect(await told()).toEqual([[customer.id, 'order_declined']])
    await act(t, order.id, 'choose', customer, { executor_id: executor.id })
    expect(await told()).toEqual([[executor.id, 'executor_chosen']])
    await act(t, order.id, 'accept', executor)
    expect(await told()).toEqual([[customer.id, 'order_accepted']])
    await act(t, order.id, 'complete', customer)
    expect(await told()).toEqual([[executor.id, 'order_completed']])
    const review = await send(t, 'POST', `/orders/${order.id}/review`, customer, {
      rating: 4,
      comment: 'Всё сделал аккуратно, спасибо!',
    })
    expect(review.statusCode).toBe(201)
    expect(await told()).toEqual([[executor.id, 'review_received']])

    const executorBell = (await bell(t, executor)).collection
    expect(executorBell.map((n) => [n.type_push, n.link])).toEqual([
      ['review_received', `/order/${order.id}`],
      ['order_completed', `/order/${order.id}`],
      ['executor_chosen', `/order/${order.id}`],
      ['executor_chosen', `/order/${order.id}`],
    ])
    expect(executorBell[0]!.message).toBe(
      `Заказчик Азиз оценил вашу работу по заказу №${order.number} «Повесить люстру»: 4 из 5`,
    )
    expect((await bell(t, customer)).collection.map((n) => n.type_push)).toEqual([
      'order_accepted',
      'order_declined',
      'order_reply',
    ])
    expect((await bell(t, onlooker)).collection.map((n) => n.type_push)).toEqual(['new_order'])
  })

  it('tells the chosen executor of a cancel, and nobody when nobody was chosen', async () => {
    const { customer, executor } = await cast()
    const chosen = await publish(t, customer)
    await reply(chosen.id, executor)
    await act(t, chosen.id, 'choose', customer, { executor_id: executor.id })
    await told()
    await act(t, chosen.id, 'cancel', customer)
    expect(await told()).toEqual([[executor.id, 'order_canceled']])
    expect((await bell(t, executor)).collection[0]!.message).toBe(
      `Заказчик Азиз отменил заказ №${chosen.number} «Повесить люстру»`,
    )

    const open = await publish(t, customer)
    await reply(open.id, executor)
    await told()
    await act(t, open.id, 'cancel', customer)
    expect(await told()).toEqual([])
  })

  it('tells only its specialist of a direct order, as having been chosen', async () => {
    const { customer, onlooker } = await cast()
    const chosen = await specialist(t)
    const order = await publish(t, customer, { executor_id: chosen.id })
    expect(await told()).toEqual([[chosen.id, 'executor_chosen']])
    expect((await bell(t, onlooker)).collection).toEqual([])
    await act(t, order.id, 'accept', chosen)
    expect(await told()).toEqual([[customer.id, 'order_accepted']])
  })

  it('tells nothing twice when a publish is replayed with the same Idempotency-Key', async () => {
    const { customer, onlooker } = await cast()
    const { ofFirst } = await catalogue(t)
    const publishOnce = () =>
      t.inject({
        method: 'POST',
        url: `${V1}/orders`,
        headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': 'order-key-0001' },
        payload: { services: [ofFirst[0]!.id], name: 'Повесить люстру', at_customer: true },
      })
    expect((await publishOnce()).statusCode).toBe(201)
    expect((await publishOnce()).statusCode).toBe(201)
    expect(await told()).toEqual([[onlooker.id, 'new_order']])
  })

  it('sends no push of a kind the person switched off, but still rings the bell', async () => {
    const { customer, onlooker } = await cast()
    const off = await send(t, 'PUT', '/profile/notification/settings', onlooker, {
      kinds: { new_order: { push: false } },
    })
    expect(off.statusCode).toBe(200)
    const listening = await specialist(t)
    await publish(t, customer)
    await t.app.services.events.settled()
    expect(push.sent.map((sent) => sent.userId)).toEqual([listening.id])
    expect(realtime.notified.map((sent) => sent.userId).sort()).toEqual([onlooker.id, listening.id].sort())
    expect((await bell(t, onlooker)).meta.unread).toBe(1)
  })

  it('writes the socket’s notification in the language the person’s app last spoke', async () => {
    const { customer, onlooker } = await cast()
    await t.app.services.notifications.rememberLocale(onlooker.id, 'en')
    const order = await publish(t, customer)
    await t.app.services.events.settled()
    expect(realtime.notified[0]!.payload.notification.message).toBe(
      `New order №${order.number} “Повесить люстру” in your specialty`,
    )
  })
})
