import { describe, expect, it } from 'vitest'
import type { WalletRefusedResponse } from '#contract/schemas/wallet.ts'
import { V1 } from '#contract/endpoints.ts'
import { provide, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/** The refused-services report (docs/decisions/015-wallet-and-payments.md, money rules). */
const t = useTestApp({ catalogue: true, config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } })

async function electricsId() {
  const response = await t.inject({
    method: 'GET',
    url: `${V1}/categories/mastera-po-remontu/restnew/elektrika`,
  })
  return response.json<{ id: number }>().id
}

async function publish(customer: Caller, name = 'Повесить люстру в зале', executorId?: number) {
  const response = await send(t, 'POST', '/orders', customer, {
    services: [await electricsId()],
    name,
    at_customer: true,
    address: 'Ташкент, Юнусабад, 4-й квартал',
    started_at: '2026-11-25T09:00:00.000Z',
    ended_at: '2026-11-25T12:00:00.000Z',
    price_min: 10_000_000,
    price_max: 20_000_000,
    ...(executorId !== undefined && { executor_id: executorId }),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json<{ id: number }>()
}

async function reply(order: { id: number }, executor: Caller) {
  const response = await send(t, 'POST', `/orders/${order.id}/replies`, executor, {
    message: 'Сделаю сегодня.',
  })
  expect(response.statusCode, response.body).toBe(201)
}

async function act(
  order: { id: number },
  action: string,
  caller: Caller,
  body: Record<string, unknown> = {},
) {
  const response = await send(t, 'POST', `/orders/${order.id}/actions/${action}`, caller, body)
  expect(response.statusCode, response.body).toBeLessThan(300)
}

async function refused(caller: Caller | null, query = '') {
  const response = await send(t, 'GET', `/wallet/refused${query}`, caller)
  return { status: response.statusCode, body: response.json<WalletRefusedResponse>() }
}

/** A customer's order with `executor` chosen for it. */
async function chosenOrder(executor: Caller, name?: string) {
  const customer = await user(t, 'customer')
  const order = await publish(customer, name)
  await reply(order, executor)
  await act(order, 'choose', customer, { executor_id: executor.id })
  return { customer, order }
}

describe('the refused-services report', () => {
  it('lists a chosen-then-cancelled order for its specialist only, never charged', async () => {
    const executor = await user(t, 'executor')
    const stranger = await user(t, 'executor')
    const { customer, order } = await chosenOrder(executor)
    expect((await refused(executor)).body.collection).toEqual([])
    await act(order, 'cancel', customer)

    const mine = await refused(executor)
    expect(mine.status).toBe(200)
    expect(mine.body.meta).toEqual({ page: 1, perPage: 20, total: 1, charged: 0 })
    const [row] = mine.body.collection
    expect(row).toMatchObject({
      order_id: order.id,
      number: String(order.id).padStart(6, '0'),
      name: 'Повесить люстру в зале',
      price: null,
      price_min: 10_000_000,
      price_max: 20_000_000,
      reason: 'canceled',
      charged: 0,
    })
    expect(Date.parse(row!.refused_at)).toBeGreaterThanOrEqual(Date.parse(row!.chosen_at))

    // A stranger, the order's customer and a guest do not see it.
    expect((await refused(stranger)).body).toMatchObject({ collection: [], meta: { total: 0, charged: 0 } })
    expect((await refused(customer)).body).toMatchObject({ collection: [], meta: { total: 0 } })
    expect((await send(t, 'GET', '/wallet/refused', null)).statusCode).toBe(401)
  })

  it('lists an order cancelled after the specialist accepted it, and a direct order cancelled', async () => {
    const executor = await user(t, 'executor')
    const { customer, order } = await chosenOrder(executor, 'В работе')
    await act(order, 'accept', executor)
    await act(order, 'cancel', customer)
    await provide(t, executor, [await electricsId()])
    const direct = await publish(customer, 'Прямой заказ', executor.id)
    await act(direct, 'cancel', customer)
    const rows = (await refused(executor)).body.collection
    expect(rows.map((row) => [row.order_id, row.reason])).toEqual([
      [direct.id, 'canceled'],
      [order.id, 'canceled'],
    ])
  })

  it('lists a specialist the customer replaced by someone else, not the one chosen after', async () => {
    const first = await user(t, 'executor')
    const second = await user(t, 'executor')
    const customer = await user(t, 'customer')
    const order = await publish(customer, 'Замена')
    await reply(order, first)
    await reply(order, second)
    await act(order, 'choose', customer, { executor_id: first.id })
    await act(order, 'choose', customer, { executor_id: second.id })
    expect((await refused(first)).body.collection.map((row) => [row.order_id, row.reason])).toEqual([
      [order.id, 'replaced'],
    ])
    expect((await refused(second)).body.collection).toEqual([])
    // Choosing the same specialist again lets no one go.
    await act(order, 'choose', customer, { executor_id: second.id })
    expect((await refused(second)).body.collection).toEqual([])
  })

  it('leaves out orders the specialist declined, completed ones, and cancels with no one chosen', async () => {
    const executor = await user(t, 'executor')
    const declined = await chosenOrder(executor, 'Отказался сам')
    await act(declined.order, 'decline', executor)
    const done = await chosenOrder(executor, 'Выполнен')
    await act(done.order, 'accept', executor)
    await act(done.order, 'complete', done.customer)
    const customer = await user(t, 'customer')
    const unchosen = await publish(customer, 'Никого не выбрали')
    await reply(unchosen, executor)
    await act(unchosen, 'cancel', customer)
    expect((await refused(executor)).body.collection).toEqual([])
  })

  it('records each specialist let go once when a cancel races a re-choice', async () => {
    const first = await user(t, 'executor')
    const second = await user(t, 'executor')
    const customer = await user(t, 'customer')
    const order = await publish(customer, 'Гонка')
    await reply(order, first)
    await reply(order, second)
    await act(order, 'choose', customer, { executor_id: first.id })
    const [chose, canceled] = await Promise.all([
      send(t, 'POST', `/orders/${order.id}/actions/choose`, customer, { executor_id: second.id }),
      send(t, 'POST', `/orders/${order.id}/actions/cancel`, customer, {}),
    ])
    expect(canceled.statusCode).toBe(200)
    const firstRows = (await refused(first)).body.collection
    const secondRows = (await refused(second)).body.collection
    expect(firstRows).toHaveLength(1)
    if (chose.statusCode === 200) {
      // The re-choice came first: the first was replaced, then the second's order was cancelled.
      expect(firstRows[0]!.reason).toBe('replaced')
      expect(secondRows.map((row) => row.reason)).toEqual(['canceled'])
    } else {
      expect(chose.statusCode).toBe(409)
      expect(firstRows[0]!.reason).toBe('canceled')
      expect(secondRows).toEqual([])
    }
  })

  it('keeps the order after the customer deletes it (archive)', async () => {
    const executor = await user(t, 'executor')
    const { customer, order } = await chosenOrder(executor, 'Удалённый')
    await act(order, 'cancel', customer)
    expect((await send(t, 'DELETE', `/orders/${order.id}`, customer)).statusCode).toBeLessThan(300)
    expect((await refused(executor)).body.collection.map((row) => row.order_id)).toEqual([order.id])
  })

  it('pages newest first, perPage bounded', async () => {
    const executor = await user(t, 'executor')
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      const { customer, order } = await chosenOrder(executor, `Заказ ${i}`)
      await act(order, 'cancel', customer)
      ids.push(order.id)
    }
    const newestFirst = ids.toReversed()
    const first = await refused(executor, '?perPage=2')
    expect(first.body.meta).toEqual({ page: 1, perPage: 2, total: 5, charged: 0 })
    expect(first.body.collection.map((row) => row.order_id)).toEqual(newestFirst.slice(0, 2))
    const third = await refused(executor, '?perPage=2&page=3')
    expect(third.body.collection.map((row) => row.order_id)).toEqual(newestFirst.slice(4))
    expect((await refused(executor, '?perPage=2&page=4')).body.collection).toEqual([])
    expect((await refused(executor, '?perPage=51')).status).toBe(400)
    expect((await refused(executor, '?page=0')).status).toBe(400)
  })
})
