import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { orders } from '#server/db/schema/orders.ts'
import { createNotificationsRepository } from '#server/modules/notifications/repository.ts'
import { createSmsFallback } from '#server/modules/notifications/sms-fallback.ts'
import { login, PASSWORD, session } from '#tests/helpers/auth-flows.ts'
import { act, bell, publish } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

const MINUTE_S = 60
const run = () => t.app.services.notifications.runSmsFallback()

/** The fallback SMS a phone got (the dev adapter's inbox also holds the registration code), oldest first. */
async function fallbackSms(phone: string) {
  const response = await t.inject({ method: 'GET', url: `${endpoints.devSms.path}?phone=${phone}` })
  return response
    .json<{ messages: { text: string }[] }>()
    .messages.filter((message) => message.text.includes('№'))
    .map((message) => message.text)
    .reverse()
}

/** The same person with a fresh access token. */
async function again(caller: Caller, type: 'customer' | 'executor'): Promise<Caller> {
  const response = await login(t, { username: caller.phone, password: PASSWORD, type })
  expect(response.statusCode).toBe(200)
  return { ...caller, token: session(response).token }
}

async function reply(orderId: number, executor: Caller) {
  const replied = await send(t, 'POST', `/orders/${orderId}/replies`, executor, {
    message: 'Сделаю сегодня.',
  })
  expect(replied.statusCode).toBe(201)
}

/** A customer who chose `executor` for a new order of theirs: the executor has an unread "you were chosen". */
async function chosen(executor: Caller, customer?: Caller) {
  const owner = customer ?? (await user(t, 'customer'))
  const order = await publish(t, owner)
  await reply(order.id, executor)
  await act(t, order.id, 'choose', owner, { executor_id: executor.id })
  return { order, customer: owner }
}

const chosenText = (order: { id: number; number: string }) =>
  `Fika: вас выбрали исполнителем заказа №${order.number}. http://localhost:8080/order/${order.id}`

describe('the SMS fallback', () => {
  it('sends nothing for 15 minutes, then one SMS with the order number and a link, and never again', async () => {
    const executor = await user(t, 'executor')
    const { order } = await chosen(executor)
    t.clock.advance(15 * MINUTE_S - 1)
    await run()
    expect(await fallbackSms(executor.phone)).toEqual([])

    t.clock.advance(1)
    expect(await run()).toEqual({ sent: 1, skipped: 0, failed: 0 })
    expect(await fallbackSms(executor.phone)).toEqual([chosenText(order)])
    t.clock.advance(60 * MINUTE_S)
    await run()
    expect(await fallbackSms(executor.phone)).toHaveLength(1)
  })

  it('tells of a cancel too, in the language the person’s app last spoke', async () => {
    const executor = await user(t, 'executor')
    const { order, customer } = await chosen(executor)
    await bell(t, executor)
    await send(t, 'PUT', '/profile/notification/status', executor, {})
    await t.app.services.notifications.rememberLocale(executor.id, 'en')
    await act(t, order.id, 'cancel', customer)
    t.clock.advance(15 * MINUTE_S)
    await run()
    expect(await fallbackSms(executor.phone)).toEqual([
      `Fika: order №${order.number} was cancelled by the customer. http://localhost:8080/order/${order.id}`,
    ])
  })

  it('sends none when the notification was read in time', async () => {
    const executor = await user(t, 'executor')
    await chosen(executor)
    t.clock.advance(10 * MINUTE_S)
    const [notification] = (await bell(t, executor)).collection
    await send(t, 'PUT', `/profile/notification/status/${notification!.id}`, executor, {})
    t.clock.advance(10 * MINUTE_S)
    await run()
    expect(await fallbackSms(executor.phone)).toEqual([])
  })

  it('sends none to a person who switched it off, before or after the notification came', async () => {
    const before = await user(t, 'executor')
    await send(t, 'PUT', '/profile/notification/settings', before, { sms_fallback: false })
    await chosen(before)
    const after = await user(t, 'executor')
    await chosen(after)
    await send(t, 'PUT', '/profile/notification/settings', after, { sms_fallback: false })
    t.clock.advance(15 * MINUTE_S)
    await run()
    expect(await fallbackSms(before.phone)).toEqual([])
    expect(await fallbackSms(after.phone)).toEqual([])
  })

  it('sends at most 3 a day to one person', async () => {
    const executor = await user(t, 'executor')
    const customer = await user(t, 'customer')
    const orders = []
    for (let i = 0; i < 4; i++) orders.push((await chosen(executor, customer)).order)
    t.clock.advance(15 * MINUTE_S)
    expect(await run()).toEqual({ sent: 3, skipped: 1, failed: 0 })
    const texts = await fallbackSms(executor.phone)
    expect(texts.map((text) => /№(\d+)/.exec(text)![1])).toEqual(orders.slice(0, 3).map((o) => o.number))

    t.clock.advance(24 * 60 * MINUTE_S - 15 * MINUTE_S)
    // A day later their access tokens have long expired: both log in again.
    const { order: nextDay } = await chosen(
      await again(executor, 'executor'),
      await again(customer, 'customer'),
    )
    t.clock.advance(15 * MINUTE_S)
    await run()
    expect((await fallbackSms(executor.phone)).at(-1)).toContain(`№${nextDay.number}`)
    expect(await fallbackSms(executor.phone)).toHaveLength(4)
  })

  it('sends each SMS once when two runs overlap', async () => {
    const executor = await user(t, 'executor')
    await chosen(executor)
    await chosen(executor)
    t.clock.advance(15 * MINUTE_S)
    const totals = await Promise.all([run(), run(), run()])
    expect(totals.reduce((sum, each) => sum + each.sent, 0)).toBe(2)
    expect(await fallbackSms(executor.phone)).toHaveLength(2)
  })

  it('tries a send that failed again on the next run', async () => {
    const executor = await user(t, 'executor')
    const { order } = await chosen(executor)
    t.clock.advance(15 * MINUTE_S)
    const errors: unknown[] = []
    const failing = createSmsFallback({
      repo: createNotificationsRepository(t.db.db),
      sender: {
        name: 'eskiz',
        send: async () => {
          throw new Error('provider down')
        },
      },
      clock: t.clock,
      config: { publicUrl: 'http://localhost:8080', afterMinutes: 15, perDay: 3, leaseS: 120 },
      metrics: t.app.metrics,
      log: t.app.log,
      onError: (error) => errors.push(error),
    })
    expect(await failing()).toEqual({ sent: 0, skipped: 0, failed: 1 })
    expect(errors).toHaveLength(1)

    t.clock.advance(MINUTE_S)
    await run()
    expect(await fallbackSms(executor.phone)).toEqual([
      `Fika: вас выбрали исполнителем заказа №${order.number}. http://localhost:8080/order/${order.id}`,
    ])
  })

  it('sends no "you were chosen" once the specialist accepted, though the notification stays unread', async () => {
    const executor = await user(t, 'executor')
    const { order } = await chosen(executor)
    t.clock.advance(5 * MINUTE_S)
    await act(t, order.id, 'accept', executor)
    t.clock.advance(15 * MINUTE_S)
    expect(await run()).toEqual({ sent: 0, skipped: 0, failed: 0 })
    expect(await fallbackSms(executor.phone)).toEqual([])
    // The bell still has it to show: only its SMS was settled.
    expect(await t.app.services.notifications.unreadCount(executor.id)).toBe(1)
  })

  it('sends no "you were chosen" to a specialist the customer replaced; the one chosen instead gets theirs', async () => {
    const [first, second, customer] = [await user(t), await user(t), await user(t, 'customer')]
    const order = await publish(t, customer)
    await reply(order.id, first)
    await reply(order.id, second)
    await act(t, order.id, 'choose', customer, { executor_id: first.id })
    t.clock.advance(MINUTE_S)
    await act(t, order.id, 'choose', customer, { executor_id: second.id })
    t.clock.advance(15 * MINUTE_S)
    await run()
    expect(await fallbackSms(first.phone)).toEqual([])
    expect(await fallbackSms(second.phone)).toEqual([chosenText(order)])
  })

  it('sends no "you were chosen" for an order the customer cancelled, only the cancel', async () => {
    const executor = await user(t, 'executor')
    const { order, customer } = await chosen(executor)
    t.clock.advance(MINUTE_S)
    await act(t, order.id, 'cancel', customer)
    t.clock.advance(15 * MINUTE_S)
    await run()
    expect(await fallbackSms(executor.phone)).toEqual([
      `Fika: заказ №${order.number} отменён заказчиком. http://localhost:8080/order/${order.id}`,
    ])
  })

  it('asks the order again before sending: one that moved on by a way that settled nothing gets no SMS', async () => {
    const executor = await user(t, 'executor')
    const { order: fixedByHand } = await chosen(executor)
    const { order: deleted, customer } = await chosen(executor)
    const { order: cancelled, customer: canceller } = await chosen(executor)
    await act(t, cancelled.id, 'cancel', canceller)
    // Moved on with no event, so nothing was settled: by hand in the database, and deleted by the customer.
    await t.db.db.update(orders).set({ status: 'in_progress' }).where(eq(orders.id, fixedByHand.id))
    expect((await send(t, 'DELETE', `/orders/${deleted.id}`, customer)).statusCode).toBe(200)
    // A cancel told of while the order is cancelled no longer: its "cancelled" SMS would tell of an order now gone.
    await t.db.db.update(orders).set({ status: 'archive' }).where(eq(orders.id, cancelled.id))
    t.clock.advance(15 * MINUTE_S)
    expect(await run()).toEqual({ sent: 0, skipped: 3, failed: 0 })
    expect(await fallbackSms(executor.phone)).toEqual([])
  })
})
