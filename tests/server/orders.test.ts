import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { someDistricts } from '#tests/helpers/specialists.ts'
import { useTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

type Caller = { token: string } | null
const call = t.call.bind(t)

async function serviceId(app: TestApp, slug = 'elektrika') {
  const response = await app.inject({
    method: 'GET',
    url: `${V1}/categories/mastera-po-remontu/restnew/${slug}`,
  })
  return response.json<{ id: number }>().id
}

const orderBody = async (overrides: Record<string, unknown> = {}) => ({
  services: [await serviceId(t)],
  name: 'Заменить проводку на кухне',
  description: 'Квартира 60 м², нужна новая проводка и три розетки.',
  at_customer: true,
  address: 'Ташкент, Чиланзар, 9-й квартал',
  lat: 41.285,
  lng: 69.204,
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: '2026-11-25T18:00:00.000Z',
  price_min: 50_000_000,
  price_max: 80_000_000,
  ...overrides,
})

/** The owner, another customer, an executor who replied, another executor, and a published order. */
async function cast() {
  const [owner, otherCustomer, replying, otherExecutor] = [
    await register(t, { type: 'customer' }),
    await register(t, { type: 'customer' }),
    await register(t, { type: 'executor' }),
    await register(t, { type: 'executor' }),
  ]
  const published = await call('POST', '/orders', owner, await orderBody())
  expect(published.statusCode).toBe(201)
  const order = published.json<{ id: number }>()
  const replied = await call('POST', `/orders/${order.id}/replies`, replying, {
    message: 'Сделаю завтра, опыт 10 лет.',
  })
  expect(replied.statusCode).toBe(201)
  const replyingId = (
    await t.inject({
      method: 'GET',
      url: `${V1}/profile`,
      headers: { authorization: `Bearer ${replying.token}` },
    })
  ).json<{ id: number }>().id
  return { owner, otherCustomer, replying, otherExecutor, order, replyingId }
}

const act = (id: number, action: string, caller: Caller, payload: Record<string, unknown> = {}) =>
  call('POST', `/orders/${id}/actions/${action}`, caller, payload)

describe('POST /orders', () => {
  it('publishes an order of a customer as open, with the spec payload fields', async () => {
    const customer = await register(t, { type: 'customer' })
    const response = await call('POST', '/orders', customer, await orderBody())
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'open',
      name: 'Заменить проводку на кухне',
      at_customer: true,
      is_online: false,
      lat: 41.285,
      price_min: 50_000_000,
      replies_count: 0,
      views: 0,
    })
    expect(response.json().number).toMatch(/^\d{6}$/)
  })

  it('refuses executors and guests: only customers order', async () => {
    const executor = await register(t, { type: 'executor' })
    const refused = await call('POST', '/orders', executor, await orderBody())
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      code: 'only_customers_order',
      message: 'Заказывать могут только заказчики',
    })
    expect((await call('POST', '/orders', null, await orderBody())).statusCode).toBe(401)
  })

  it.each([
    ['no service', { services: [] }, 'services', 'services_required'],
    ['an unknown service', { services: [999_999] }, 'services', 'services_required'],
    ['no work place', { at_customer: false }, 'is_online', 'work_place_required'],
    ['a start in the past', { started_at: '2026-11-20T09:00:00.000Z' }, 'started_at', 'start_in_past'],
    ['an end before the start', { ended_at: '2026-11-25T08:00:00.000Z' }, 'ended_at', 'end_before_start'],
    ['a maximum price below the minimum', { price_max: 40_000_000 }, 'price_max', 'price_max_below_min'],
  ])('answers 400 for %s', async (_, overrides, field, code) => {
    const customer = await register(t, { type: 'customer' })
    const response = await call('POST', '/orders', customer, await orderBody(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe(code)
    expect(Object.keys(response.json().error.fields)).toContain(field)
  })

  it('keeps the district the work is in, and refuses one that is not on the list', async () => {
    const customer = await register(t, { type: 'customer' })
    const { yunusabad } = await someDistricts(t)
    const published = await call('POST', '/orders', customer, await orderBody({ district_id: yunusabad.id }))
    expect(published.statusCode).toBe(201)
    expect(published.json().district_id).toBe(yunusabad.id)
    const read = await call('GET', `/orders/${published.json().id}`, null)
    expect(read.json().district_id).toBe(yunusabad.id)

    const unknown = await call('POST', '/orders', customer, await orderBody({ district_id: 999_999 }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({
      code: 'district_invalid',
      fields: { district_id: [expect.any(String)] },
    })
    const changed = await call(
      'POST',
      `/orders/${published.json().id}`,
      customer,
      await orderBody({ district_id: 999_999 }),
    )
    expect(changed.statusCode).toBe(400)
    expect(changed.json().error.code).toBe('district_invalid')
  })

  it('answers a replay of the same Idempotency-Key with the first order and creates no second one', async () => {
    const customer = await register(t, { type: 'customer' })
    const key = { 'idempotency-key': '3f2c9a1e-6b1d-4c8e-9f0a-123456789abc' }
    const first = await call('POST', '/orders', customer, await orderBody(), key)
    const replay = await call('POST', '/orders', customer, await orderBody(), key)
    expect(replay.json().id).toBe(first.json().id)
    const mine = await call('GET', '/orders?scope=mine', customer)
    expect(mine.json().meta.total).toBe(1)
  })
})

describe('GET /orders', () => {
  it('lists open orders by tab, service, category and map box, newest first', async () => {
    const customer = await register(t, { type: 'customer' })
    const inside = (await call('POST', '/orders', customer, await orderBody())).json()
    const outside = (
      await call(
        'POST',
        '/orders',
        customer,
        await orderBody({ lat: 39.65, lng: 66.96, name: 'Проводка в Самарканде' }),
      )
    ).json()
    const electricsId = await serviceId(t)
    const open = (await call('GET', `/orders?service=${electricsId}`, null)).json()
    expect(open.collection.map((o: { id: number }) => o.id)).toEqual([outside.id, inside.id])
    const tashkent = (await call('GET', '/orders?bbox=69.1,41.2,69.4,41.4', null)).json()
    expect(tashkent.collection.map((o: { id: number }) => o.id)).toEqual([inside.id])
    expect((await call('GET', '/orders?tab=completed&scope=mine', customer)).json().meta.total).toBe(0)
    // Other people's orders are listed only while open; "mine" needs a login.
    expect((await call('GET', '/orders?tab=completed', null)).statusCode).toBe(403)
    expect((await call('GET', '/orders?tab=completed&scope=mine', null)).statusCode).toBe(401)
    expect((await call('GET', '/orders?bbox=1,2,3', null)).statusCode).toBe(400)
  })
})

describe('the order lifecycle', () => {
  it('takes an order from open to a review', async () => {
    const { owner, replying, order, replyingId } = await cast()
    expect((await call('GET', `/orders/${order.id}/replies`, owner)).json().collection).toHaveLength(1)
    expect((await act(order.id, 'choose', owner, { executor_id: replyingId })).json()).toMatchObject({
      status: 'inactive',
      executor_id: replyingId,
    })
    expect((await act(order.id, 'accept', replying)).json().status).toBe('in_progress')
    expect((await act(order.id, 'complete', owner)).json().status).toBe('completed')
    const review = await call('POST', `/orders/${order.id}/review`, owner, {
      rating: 5,
      comment: 'Всё сделал быстро и аккуратно.',
    })
    expect(review.statusCode).toBe(201)
    const again = await call('POST', `/orders/${order.id}/review`, owner, {
      rating: 4,
      comment: 'Второй отзыв на тот же заказ.',
    })
    expect(again.json().error.code).toBe('already_reviewed')
    expect((await call('DELETE', `/orders/${order.id}`, owner)).json().status).toBe('archive')
  })

  it('lets only the owner choose, complete, cancel, delete and toggle replies, and only the chosen executor accept', async () => {
    const { owner, otherCustomer, replying, otherExecutor, order, replyingId } = await cast()
    const strangers: [string, Caller][] = [
      ['other customer', otherCustomer],
      ['replying executor', replying],
      ['other executor', otherExecutor],
    ]
    for (const [who, caller] of strangers) {
      for (const action of ['toggle-replies', 'choose', 'cancel']) {
        const response = await act(order.id, action, caller, { executor_id: replyingId })
        expect(response.statusCode, `${who} ${action}`).toBe(403)
      }
      expect((await call('DELETE', `/orders/${order.id}`, caller)).statusCode, `${who} delete`).toBe(403)
      expect(
        (await call('POST', `/orders/${order.id}`, caller, await orderBody())).statusCode,
        `${who} update`,
      ).toBe(403)
    }
    for (const action of ['toggle-replies', 'choose', 'accept', 'complete', 'cancel']) {
      expect((await act(order.id, action, null)).statusCode, `guest ${action}`).toBe(401)
    }
    expect((await call('DELETE', `/orders/${order.id}`, null)).statusCode).toBe(401)

    // Choosing someone who never replied is refused; the one who replied can be chosen.
    const otherExecutorId = (
      await t.inject({
        method: 'GET',
        url: `${V1}/profile`,
        headers: { authorization: `Bearer ${(otherExecutor as { token: string }).token}` },
      })
    ).json().id
    expect((await act(order.id, 'choose', owner, { executor_id: otherExecutorId })).json().error.code).toBe(
      'executor_did_not_reply',
    )
    expect((await act(order.id, 'choose', owner, { executor_id: replyingId })).statusCode).toBe(200)
    // Only the chosen executor accepts or declines; the owner cannot accept for them.
    expect((await act(order.id, 'accept', otherExecutor)).statusCode).toBe(403)
    expect((await act(order.id, 'accept', owner)).statusCode).toBe(403)
    expect((await act(order.id, 'complete', owner)).json().error.code).toBe('order_wrong_status')
    expect((await act(order.id, 'decline', replying)).json()).toMatchObject({
      status: 'open',
      executor_id: null,
    })
    // Replies can be paused and resumed by the owner.
    expect((await act(order.id, 'toggle-replies', owner)).json().status).toBe('inactive')
    const late = await call('POST', `/orders/${order.id}/replies`, otherExecutor, {
      message: 'Могу приступить сегодня.',
    })
    expect(late.json().error.code).toBe('order_wrong_status')
    expect((await act(order.id, 'toggle-replies', owner)).json().status).toBe('open')
    expect((await act(order.id, 'cancel', owner)).json().status).toBe('canceled')
    expect((await act(order.id, 'cancel', owner)).json().error.code).toBe('order_wrong_status')
    expect(
      (
        await call('POST', `/orders/${order.id}/review`, owner, {
          rating: 5,
          comment: 'Отзыв на отменённый заказ.',
        })
      ).json().error.code,
    ).toBe('order_wrong_status')
  })
})

describe('POST /orders/{id}/replies', () => {
  it('takes one reply per executor, refuses the customer their own order, and checks the length', async () => {
    const { owner, replying, order } = await cast()
    const twice = await call('POST', `/orders/${order.id}/replies`, replying, {
      message: 'Ещё раз предлагаю свои услуги.',
    })
    expect(twice.json().error.code).toBe('already_replied')
    const own = await call('POST', `/orders/${order.id}/replies`, owner, { message: 'Отвечаю сам себе.' })
    expect(own.json().error).toMatchObject({
      code: 'cannot_order_from_yourself',
      message: 'Нельзя заказывать у самого себя',
    })
    const executor = await register(t, { type: 'executor' })
    const short = await call('POST', `/orders/${order.id}/replies`, executor, { message: 'Да' })
    expect(short.json().error.code).toBe('reply_too_short')
    expect((await call('GET', `/orders/${order.id}`, null)).json().replies_count).toBe(1)
  })

  it('answers a replayed reply with the first one, exactly once', async () => {
    const { order } = await cast()
    const executor = await register(t, { type: 'executor' })
    const key = { 'idempotency-key': '9d0c1b2a-0000-4000-8000-abcdefabcdef' }
    const first = await call(
      'POST',
      `/orders/${order.id}/replies`,
      executor,
      { message: 'Готов выполнить работу.' },
      key,
    )
    const replay = await call(
      'POST',
      `/orders/${order.id}/replies`,
      executor,
      { message: 'Готов выполнить работу.' },
      key,
    )
    expect(replay.statusCode).toBe(201)
    expect(replay.json().id).toBe(first.json().id)
    expect((await call('GET', `/orders/${order.id}`, null)).json().replies_count).toBe(2)
  })
})

describe('POST /orders/{id}/review', () => {
  it('needs a comment of at least 10 characters and a rating from 1 to 5', async () => {
    const { owner, order } = await cast()
    expect(
      (await call('POST', `/orders/${order.id}/review`, owner, { rating: 5, comment: 'Хорошо' })).json().error
        .code,
    ).toBe('review_too_short')
    expect(
      (
        await call('POST', `/orders/${order.id}/review`, owner, {
          rating: 7,
          comment: 'Отличная работа, спасибо.',
        })
      ).json().error.code,
    ).toBe('rating_required')
  })
})
