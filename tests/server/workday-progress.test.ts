import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema/notifications.ts'
import { act, bell, fakePush, fakeRealtime } from '#tests/helpers/notifications.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { acceptedOrder, chosen, openOrder, step } from '#tests/helpers/workday.ts'

/**
 * The steps of the day (docs/decisions/031-workday.md): only the accepted specialist of an order in progress taps
 * them, in order, once each; a replay answers the first; each reaches the customer with the time it was tapped.
 */
const realtime = fakeRealtime()
const push = fakePush()
const t = useTestApp({ catalogue: true, deps: { realtimeHub: realtime.hub, pushDelivery: push.delivery } })

async function cast() {
  const customer = await user(t, 'customer')
  const executor = await user(t, 'executor')
  const order = await acceptedOrder(t, customer, executor)
  realtime.reset()
  push.reset()
  return { customer, executor, order }
}

const codeOf = (response: { json: <T>() => T }) => response.json<{ error: { code: string } }>().error.code

describe('POST /orders/{id}/progress', () => {
  it('refuses a guest, the customer, another specialist and a stranger customer, each with its own error', async () => {
    const { customer, order } = await cast()
    const otherExecutor = await user(t, 'executor')
    const otherCustomer = await user(t, 'customer')
    expect((await step(t, order.id, null, { step: 'on_my_way' })).statusCode).toBe(401)
    for (const caller of [customer, otherExecutor, otherCustomer]) {
      const refused = await step(t, order.id, caller, { step: 'on_my_way' })
      expect(refused.statusCode).toBe(403)
      expect(codeOf(refused)).toBe('progress_not_your_job')
    }
    const english = await step(t, order.id, otherExecutor, { step: 'arrived' }, 'en')
    expect(english.json()).toMatchObject({
      error: {
        type: 'forbidden',
        code: 'progress_not_your_job',
        message: 'Only the specialist who accepted this order can mark its steps',
      },
    })
    const uzbek = await step(t, order.id, otherExecutor, { step: 'arrived' }, 'uz')
    expect(uzbek.json<{ error: { message: string } }>().error.message).toMatch(/ижрочи/)
    const kinds = (await bell(t, customer)).collection.map((notification) => notification.type_push)
    expect(kinds.sort()).toEqual(['order_accepted', 'order_reply'])
  })

  it('refuses every step while the order is not in progress: awaiting acceptance, completed, cancelled', async () => {
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const awaiting = await openOrder(t, customer)
    await chosen(t, awaiting.id, customer, executor)
    const refused = await step(t, awaiting.id, executor, { step: 'on_my_way' })
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'progress_not_in_progress'])

    const completed = await acceptedOrder(t, customer, executor)
    await act(t, completed.id, 'complete', customer)
    const cancelled = await acceptedOrder(t, customer, executor)
    await act(t, cancelled.id, 'cancel', customer)
    for (const order of [completed, cancelled])
      for (const name of ['on_my_way', 'arrived', 'done']) {
        const answer = await step(t, order.id, executor, { step: name })
        expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'progress_not_in_progress'])
      }
  })

  it('takes the steps in order, may skip one, never goes back nor repeats one', async () => {
    const { executor, order } = await cast()
    const arrived = await step(t, order.id, executor, { step: 'arrived' })
    expect(arrived.statusCode, arrived.body).toBe(200)
    const back = await step(t, order.id, executor, { step: 'on_my_way', eta_minutes: 10 })
    expect([back.statusCode, codeOf(back)]).toEqual([409, 'progress_step_backwards'])
    const again = await step(t, order.id, executor, { step: 'arrived' })
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'progress_step_taken'])
    const done = await step(t, order.id, executor, { step: 'done' })
    expect(done.json()).toEqual({
      order_id: order.id,
      progress: [
        { step: 'arrived', eta_minutes: null, tapped_at: '2026-11-21T09:00:00.000Z' },
        { step: 'done', eta_minutes: null, tapped_at: '2026-11-21T09:00:00.000Z' },
      ],
    })
  })

  it('bounds the minutes to arrival, allows them only with “on my way”, and refuses a tap from the future or too old', async () => {
    const { executor, order } = await cast()
    for (const eta of [0, 601, 1.5, '10']) {
      const answer = await step(t, order.id, executor, { step: 'on_my_way', eta_minutes: eta })
      expect([answer.statusCode, codeOf(answer)]).toEqual([400, 'eta_invalid'])
    }
    const withArrived = await step(t, order.id, executor, { step: 'arrived', eta_minutes: 5 })
    expect([withArrived.statusCode, codeOf(withArrived)]).toEqual([400, 'eta_only_on_my_way'])
    const now = t.clock.now().getTime()
    for (const tapped of [now + 10 * 60_000, now - 8 * 24 * 3600_000]) {
      const answer = await step(t, order.id, executor, {
        step: 'on_my_way',
        tapped_at: new Date(tapped).toISOString(),
      })
      expect([answer.statusCode, codeOf(answer)]).toEqual([400, 'tapped_at_invalid'])
    }
    for (const body of [
      { step: 'left' },
      { step: 'arrived', client_key: 'x' },
      { step: 'done', tapped_at: 'soon' },
    ]) {
      expect((await step(t, order.id, executor, body)).statusCode).toBe(400)
    }
    // A tap queued offline an hour ago keeps its time.
    const queued = new Date(now - 3600_000).toISOString()
    const late = await step(t, order.id, executor, { step: 'on_my_way', eta_minutes: 25, tapped_at: queued })
    expect(late.json()).toMatchObject({
      progress: [{ step: 'on_my_way', eta_minutes: 25, tapped_at: queued }],
    })
  })

  it('answers a replayed step as the first and notifies the customer once', async () => {
    const { customer, executor, order } = await cast()
    const body = { step: 'on_my_way', eta_minutes: 20, client_key: 'outbox-item-0001' }
    const first = await step(t, order.id, executor, body)
    t.clock.advance(60)
    const replayed = await step(t, order.id, executor, { ...body, tapped_at: t.clock.now().toISOString() })
    // Even racing replays: one row, the first answer.
    const racing = await Promise.all([1, 2, 3].map(() => step(t, order.id, executor, body)))
    expect(replayed.statusCode).toBe(200)
    expect(replayed.json()).toEqual(first.json())
    for (const answer of racing) expect(answer.json()).toEqual(first.json())
    await t.app.services.events.settled()
    const rows = await t.db.db.select().from(notifications).where(eq(notifications.kind, 'order_on_my_way'))
    expect(rows).toHaveLength(1)
    expect(realtime.progress.filter((emit) => emit.userId === customer.id)).toHaveLength(1)
  })

  it('tells the customer of each step with its tapped time: the bell, the socket, the order page and a push', async () => {
    const { customer, executor, order } = await cast()
    const tappedAt = '2026-11-21T08:55:00.000Z'
    await step(t, order.id, executor, { step: 'on_my_way', eta_minutes: 15, tapped_at: tappedAt })
    await t.app.services.events.settled()
    const [onMyWay] = (await bell(t, customer, '?perPage=50', 'en')).collection
    expect(onMyWay).toMatchObject({
      type_push: 'order_on_my_way',
      link: `/order/${order.id}`,
      message: expect.stringMatching(/set off at 13:55 .*will be there in about 15 min/),
    })
    const [row] = await t.db.db.select().from(notifications).where(eq(notifications.kind, 'order_on_my_way'))
    expect(row!.params).toMatchObject({ tapped_at: tappedAt, time: '13:55', eta: 15 })
    expect(realtime.progress).toEqual([
      {
        userId: customer.id,
        payload: {
          order_id: order.id,
          progress: [{ step: 'on_my_way', eta_minutes: 15, tapped_at: tappedAt }],
        },
      },
      {
        userId: executor.id,
        payload: {
          order_id: order.id,
          progress: [{ step: 'on_my_way', eta_minutes: 15, tapped_at: tappedAt }],
        },
      },
    ])
    expect(realtime.notified.map((emit) => [emit.userId, emit.payload.notification.type_push])).toEqual([
      [customer.id, 'order_on_my_way'],
    ])
    expect(push.sent.map((sent) => [sent.userId, sent.ru.title])).toEqual([
      [customer.id, 'Исполнитель выехал'],
    ])

    await step(t, order.id, executor, { step: 'arrived' })
    await step(t, order.id, executor, { step: 'done' })
    const kinds = (await bell(t, customer)).collection.map((notification) => notification.type_push)
    expect(kinds.slice(0, 3)).toEqual(['order_done', 'order_arrived', 'order_on_my_way'])
    // The executor hears nothing of their own taps.
    expect((await bell(t, executor)).collection.map((n) => n.type_push)).toEqual(['executor_chosen'])

    const page = async (caller: typeof customer | null) =>
      (await send(t, 'GET', `/orders/${order.id}`, caller)).json<{ progress?: { step: string }[] }>()
    for (const party of [customer, executor])
      expect((await page(party)).progress?.map((entry) => entry.step)).toEqual([
        'on_my_way',
        'arrived',
        'done',
      ])
    expect(await page(null)).not.toHaveProperty('progress')
    expect(await page(await user(t, 'executor'))).not.toHaveProperty('progress')
  })

  it('“done” leaves the order in progress for the customer to confirm, who then completes it and reviews', async () => {
    const { customer, executor, order } = await cast()
    await step(t, order.id, executor, { step: 'done' })
    const [asked] = (await bell(t, customer, '?perPage=50', 'en')).collection
    expect(asked!.message).toMatch(/Confirm it is completed and leave a review/)
    expect((await send(t, 'GET', `/orders/${order.id}`, customer)).json()).toMatchObject({
      status: 'in_progress',
    })
    await act(t, order.id, 'complete', customer)
    const review = await send(t, 'POST', `/orders/${order.id}/review`, customer, {
      rating: 5,
      comment: 'Всё сделал быстро и аккуратно.',
    })
    expect(review.statusCode, review.body).toBe(201)
  })
})
