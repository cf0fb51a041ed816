import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { eq } from 'drizzle-orm'
import { specialityServices } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { provide } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * The table of docs/decisions/005-order-lifecycle.md as a client sees it: every action by every kind of caller,
 * in every state where the answer differs, with the exact status and error code.
 */
const t = useTestApp({ catalogue: true })

type User = { token: string; id: number }
type Caller = User | null
const ROLES = ['owner', 'otherCustomer', 'replying', 'otherExecutor', 'guest'] as const
type Role = (typeof ROLES)[number]

const call = t.call.bind(t)

async function user(type: 'customer' | 'executor'): Promise<User> {
  const { token } = await register(t, { type })
  const profile = await call('GET', '/profile', { token })
  return { token, id: profile.json<{ id: number }>().id }
}

async function electricsId() {
  const response = await t.inject({
    method: 'GET',
    url: `${V1}/categories/mastera-po-remontu/restnew/elektrika`,
  })
  return response.json<{ id: number }>().id
}

const orderBody = async (overrides: Record<string, unknown> = {}) => ({
  services: [await electricsId()],
  name: 'Повесить люстру в зале',
  at_customer: true,
  address: 'Ташкент, Юнусабад, 4-й квартал',
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: '2026-11-25T12:00:00.000Z',
  price_min: 10_000_000,
  price_max: 20_000_000,
  ...overrides,
})

const act = (id: number, action: string, caller: Caller, payload: Record<string, unknown> = {}) =>
  call('POST', `/orders/${id}/actions/${action}`, caller, payload)

type State = 'open' | 'paused' | 'awaiting' | 'in_progress' | 'completed' | 'reviewed' | 'canceled'

/** The cast and one order, taken to `state` through the API: an executor replied to it in every state. */
async function orderIn(state: State) {
  const people: Record<Exclude<Role, 'guest'>, User> = {
    owner: await user('customer'),
    otherCustomer: await user('customer'),
    replying: await user('executor'),
    otherExecutor: await user('executor'),
  }
  const { owner, replying } = people
  const order = (await call('POST', '/orders', owner, await orderBody())).json<{ id: number }>()
  const reply = await call('POST', `/orders/${order.id}/replies`, replying, { message: 'Сделаю сегодня.' })
  expect(reply.statusCode).toBe(201)
  const steps: Record<State, Array<() => ReturnType<typeof act>>> = {
    open: [],
    paused: [() => act(order.id, 'toggle-replies', owner)],
    awaiting: [() => act(order.id, 'choose', owner, { executor_id: replying.id })],
    in_progress: [
      () => act(order.id, 'choose', owner, { executor_id: replying.id }),
      () => act(order.id, 'accept', replying),
    ],
    completed: [
      () => act(order.id, 'choose', owner, { executor_id: replying.id }),
      () => act(order.id, 'accept', replying),
      () => act(order.id, 'complete', owner),
    ],
    reviewed: [
      () => act(order.id, 'choose', owner, { executor_id: replying.id }),
      () => act(order.id, 'accept', replying),
      () => act(order.id, 'complete', owner),
      () =>
        call('POST', `/orders/${order.id}/review`, owner, { rating: 5, comment: 'Всё отлично, спасибо!' }),
    ],
    canceled: [() => act(order.id, 'cancel', owner)],
  }
  for (const step of steps[state]) expect((await step()).statusCode).toBeLessThan(300)
  return { ...people, guest: null, order }
}

type Cast = Awaited<ReturnType<typeof orderIn>>
type Request = (cast: Cast, caller: Caller) => ReturnType<typeof act>
const REQUESTS: Record<string, Request> = {
  choose: ({ order, replying }, caller) => act(order.id, 'choose', caller, { executor_id: replying.id }),
  accept: ({ order }, caller) => act(order.id, 'accept', caller),
  decline: ({ order }, caller) => act(order.id, 'decline', caller),
  complete: ({ order }, caller) => act(order.id, 'complete', caller),
  cancel: ({ order }, caller) => act(order.id, 'cancel', caller),
  delete: ({ order }, caller) => call('DELETE', `/orders/${order.id}`, caller),
  'toggle replies': ({ order }, caller) => act(order.id, 'toggle-replies', caller),
  reply: ({ order }, caller) =>
    call('POST', `/orders/${order.id}/replies`, caller, { message: 'Готов приступить завтра утром.' }),
  review: ({ order }, caller) =>
    call('POST', `/orders/${order.id}/review`, caller, { rating: 4, comment: 'Работа сделана аккуратно.' }),
}

/** `[status, code]`; a success has no code. */
type Outcome = readonly [number, string?]
const OK: Outcome = [200]
const CREATED: Outcome = [201]
const FORBIDDEN: Outcome = [403, 'forbidden']
const GUEST: Outcome = [401, 'unauthorized']
const WRONG: Outcome = [409, 'order_wrong_status']
/** A closed order (completed, canceled) does not exist for strangers. */
const HIDDEN: Outcome = [404, 'not_found']
const row = (
  action: keyof typeof REQUESTS,
  state: State,
  outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome?],
) => [action, state, Object.fromEntries(ROLES.map((role, i) => [role, outcomes[i] ?? GUEST]))] as const

//                                           owner      other customer  replying    other executor
const TABLE = [
  row('choose', 'open', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('choose', 'paused', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('choose', 'in_progress', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('choose', 'completed', [WRONG, HIDDEN, FORBIDDEN, HIDDEN]),
  row('accept', 'awaiting', [FORBIDDEN, FORBIDDEN, OK, FORBIDDEN]),
  row('accept', 'open', [FORBIDDEN, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('accept', 'in_progress', [FORBIDDEN, FORBIDDEN, WRONG, FORBIDDEN]),
  row('decline', 'awaiting', [FORBIDDEN, FORBIDDEN, OK, FORBIDDEN]),
  row('decline', 'in_progress', [FORBIDDEN, FORBIDDEN, WRONG, FORBIDDEN]),
  row('complete', 'in_progress', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('complete', 'open', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('complete', 'awaiting', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('cancel', 'open', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('cancel', 'awaiting', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('cancel', 'in_progress', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('cancel', 'completed', [WRONG, HIDDEN, FORBIDDEN, HIDDEN]),
  row('cancel', 'canceled', [WRONG, HIDDEN, FORBIDDEN, HIDDEN]),
  row('delete', 'open', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('delete', 'completed', [OK, HIDDEN, FORBIDDEN, HIDDEN]),
  row('delete', 'canceled', [OK, HIDDEN, FORBIDDEN, HIDDEN]),
  row('delete', 'in_progress', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('toggle replies', 'open', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('toggle replies', 'paused', [OK, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  // Waiting for the chosen executor's answer is not a pause: resuming would leave them chosen on an open order.
  row('toggle replies', 'awaiting', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('toggle replies', 'in_progress', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('reply', 'open', [[403, 'cannot_order_from_yourself'], FORBIDDEN, [409, 'already_replied'], CREATED]),
  row('reply', 'paused', [[403, 'cannot_order_from_yourself'], FORBIDDEN, [409, 'already_replied'], WRONG]),
  row('reply', 'in_progress', [
    [403, 'cannot_order_from_yourself'],
    FORBIDDEN,
    [409, 'already_replied'],
    WRONG,
  ]),
  row('review', 'completed', [CREATED, HIDDEN, FORBIDDEN, HIDDEN]),
  row('review', 'in_progress', [WRONG, FORBIDDEN, FORBIDDEN, FORBIDDEN]),
  row('review', 'canceled', [WRONG, HIDDEN, FORBIDDEN, HIDDEN]),
  row('review', 'reviewed', [[409, 'already_reviewed'], HIDDEN, FORBIDDEN, HIDDEN]),
]

describe('the order lifecycle by caller', () => {
  it.each(TABLE)('%s on an order that is %s', async (action, state, outcomes) => {
    const cast = await orderIn(state)
    // Refusals change nothing, so they are asked first and the one success, if any, last.
    const roles = [...ROLES].sort((a, b) => Number(outcomes[a]![0] < 300) - Number(outcomes[b]![0] < 300))
    for (const role of roles) {
      const [status, code] = outcomes[role]!
      const response = await REQUESTS[action]!(cast, cast[role])
      expect(response.statusCode, `${role}: ${response.body}`).toBe(status)
      if (code) expect(response.json().error.code, role).toBe(code)
    }
  })

  it('an order the chosen executor declines is open again with no one chosen', async () => {
    const { order, replying, owner } = await orderIn('awaiting')
    expect((await act(order.id, 'decline', replying)).json()).toMatchObject({
      status: 'open',
      executor_id: null,
    })
    expect((await act(order.id, 'toggle-replies', owner)).json().status).toBe('inactive')
  })

  it('shows the review of an order to its parties once it is left, and 404 before and to strangers', async () => {
    const { order, owner, replying, otherExecutor } = await orderIn('completed')
    expect((await call('GET', `/orders/${order.id}/review`, owner)).statusCode).toBe(404)
    await call('POST', `/orders/${order.id}/review`, owner, {
      rating: 4,
      comment: 'Хорошо и в срок сделано.',
    })
    expect((await call('GET', `/orders/${order.id}/review`, replying)).json()).toMatchObject({
      rating: 4,
      comment: 'Хорошо и в срок сделано.',
    })
    expect((await call('GET', `/orders/${order.id}/review`, otherExecutor)).statusCode).toBe(404)
    expect((await call('GET', `/orders/${order.id}/review`, null)).statusCode).toBe(404)
  })

  it('an archived order is seen by its customer and its executor only', async () => {
    const { order, owner, replying, otherExecutor } = await orderIn('completed')
    expect((await call('DELETE', `/orders/${order.id}`, owner)).json().status).toBe('archive')
    expect((await call('GET', `/orders/${order.id}`, owner)).json().status).toBe('archive')
    expect((await call('GET', `/orders/${order.id}`, replying)).statusCode).toBe(200)
    expect((await call('GET', `/orders/${order.id}`, otherExecutor)).statusCode).toBe(404)
    expect((await call('GET', `/orders/${order.id}`, null)).statusCode).toBe(404)
  })
})

describe('GET /orders/{id}/replies', () => {
  it("shows the customer every reply with the executor's name, an executor only their own, a guest none", async () => {
    const { order, owner, replying, otherExecutor } = await orderIn('open')
    await call('POST', `/orders/${order.id}/replies`, otherExecutor, { message: 'Могу через час.' })
    const all = (await call('GET', `/orders/${order.id}/replies`, owner)).json().collection
    expect(all).toHaveLength(2)
    expect(all[0]).toMatchObject({ executor_id: replying.id, message: 'Сделаю сегодня.' })
    expect(all[0].executor_name).toMatch(/\S+ \S+/)
    const own = (await call('GET', `/orders/${order.id}/replies`, otherExecutor)).json().collection
    expect(own.map((reply: { executor_id: number }) => reply.executor_id)).toEqual([otherExecutor.id])
    expect((await call('GET', `/orders/${order.id}/replies`, null)).json().collection).toEqual([])
  })

  it("shows the customer each specialist's public profile address, rating, reviews count and verified badge", async () => {
    const { owner, replying } = await orderIn('reviewed')
    const order = (await call('POST', '/orders', owner, await orderBody())).json<{ id: number }>()
    const sent = await call('POST', `/orders/${order.id}/replies`, replying, { message: 'Снова к вам.' })
    const slug = (await call('GET', '/profile', replying)).json<{ slug: string }>().slug
    const card = {
      executor_slug: slug,
      executor_rating: 5,
      executor_reviews_count: 1,
      executor_verified: false,
    }
    expect(sent.json()).toMatchObject(card)
    const [listed] = (await call('GET', `/orders/${order.id}/replies`, owner)).json().collection
    expect(listed).toMatchObject({ executor_id: replying.id, ...card })
    // Under review (2) is no badge; only documents a moderator approved (1) are.
    await t.db.db.update(users).set({ verification: 2 }).where(eq(users.id, replying.id))
    const [reviewing] = (await call('GET', `/orders/${order.id}/replies`, owner)).json().collection
    expect(reviewing.executor_verified).toBe(false)
    await t.db.db.update(users).set({ verification: 1 }).where(eq(users.id, replying.id))
    const [verified] = (await call('GET', `/orders/${order.id}/replies`, owner)).json().collection
    expect(verified.executor_verified).toBe(true)
    expect((await call('GET', `/myprofile/${slug}`, null)).statusCode).toBe(200)
  })

  it("does not count the customer's own look as a view", async () => {
    const { order, owner, otherExecutor } = await orderIn('open')
    await call('GET', `/orders/${order.id}`, owner)
    expect((await call('GET', `/orders/${order.id}`, otherExecutor)).json().views).toBe(1)
  })
})

describe('validation a client sees', () => {
  it.each([
    ['a start in the past', { started_at: '2026-11-20T09:00:00.000Z' }, 'started_at', 'start_in_past'],
    ['an end before the start', { ended_at: '2026-11-25T08:00:00.000Z' }, 'ended_at', 'end_before_start'],
    ['a maximum price below the minimum', { price_max: 5_000_000 }, 'price_max', 'price_max_below_min'],
    ['no work place', { at_customer: false }, 'is_online', 'work_place_required'],
  ])('refuses an order with %s', async (_, overrides, field, code) => {
    const owner = await user('customer')
    const response = await call('POST', '/orders', owner, await orderBody(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ type: 'validation', code })
    expect(Object.keys(response.json().error.fields)).toEqual([field])
  })

  it('refuses a reply shorter than 5 characters and a review shorter than 10', async () => {
    const { order, otherExecutor } = await orderIn('open')
    const reply = await call('POST', `/orders/${order.id}/replies`, otherExecutor, { message: ' Да  ' })
    expect(reply.statusCode).toBe(400)
    expect(reply.json().error).toMatchObject({
      code: 'reply_too_short',
      fields: { message: [expect.any(String)] },
    })
    const completed = await orderIn('completed')
    const review = await call('POST', `/orders/${completed.order.id}/review`, completed.owner, {
      rating: 5,
      comment: 'Спасибо!',
    })
    expect(review.statusCode).toBe(400)
    expect(review.json().error).toMatchObject({
      code: 'review_too_short',
      fields: { comment: [expect.any(String)] },
    })
  })
})

describe('replays', () => {
  it('answers concurrent and later replays of a publish with the one order', async () => {
    const owner = await user('customer')
    const key = { 'idempotency-key': '0b7c4a52-5d2e-4f7e-9d61-3c1f0e2a9b44' }
    const body = await orderBody()
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/orders', owner, body, key)))
    const later = await call('POST', '/orders', owner, body, key)
    const ids = new Set([...answers, later].map((answer) => answer.json().id))
    expect(ids.size).toBe(1)
    expect([...answers, later].every((answer) => answer.statusCode === 201)).toBe(true)
    expect((await call('GET', '/orders?scope=mine', owner)).json().meta.total).toBe(1)
  })

  it('answers a reply replayed after the order was paused with the first reply, counted once', async () => {
    const { order, owner, otherExecutor } = await orderIn('open')
    const key = { 'idempotency-key': 'c3d1e0f2-1a2b-4c3d-8e4f-5a6b7c8d9e0f' }
    const message = { message: 'Приеду со своим инструментом.' }
    const first = await call('POST', `/orders/${order.id}/replies`, otherExecutor, message, key)
    await act(order.id, 'toggle-replies', owner)
    const replay = await call('POST', `/orders/${order.id}/replies`, otherExecutor, message, key)
    expect(replay.statusCode).toBe(201)
    expect(replay.json().id).toBe(first.json().id)
    expect((await call('GET', `/orders/${order.id}`, otherExecutor)).json().replies_count).toBe(2)
  })
})

describe('direct orders', () => {
  async function directOrder() {
    const customer = await user('customer')
    const specialist = await user('executor')
    const stranger = await user('executor')
    await provide(t, specialist, [await electricsId()])
    const response = await call('POST', '/orders', customer, await orderBody({ executor_id: specialist.id }))
    expect(response.statusCode).toBe(201)
    return { customer, specialist, stranger, order: response.json<{ id: number }>() }
  }

  it('publishes an order to one specialist, awaiting their answer and hidden from everyone else', async () => {
    const { customer, specialist, stranger, order } = await directOrder()
    expect((await call('GET', `/orders/${order.id}`, customer)).json()).toMatchObject({
      status: 'inactive',
      is_direct: true,
      executor_id: specialist.id,
    })
    expect((await call('GET', `/orders/${order.id}`, specialist)).statusCode).toBe(200)
    for (const caller of [stranger, null]) {
      expect((await call('GET', `/orders/${order.id}`, caller)).statusCode).toBe(404)
    }
    expect((await act(order.id, 'accept', stranger)).statusCode).toBe(404)
    expect(
      (await call('POST', `/orders/${order.id}/replies`, stranger, { message: 'Возьму этот заказ.' }))
        .statusCode,
    ).toBe(404)
    for (const tab of ['open', 'inactive']) {
      const listed = (
        await call('GET', `/orders?tab=${tab}&scope=${tab === 'open' ? 'all' : 'mine'}`, stranger)
      ).json().collection
      expect(listed.map((o: { id: number }) => o.id)).not.toContain(order.id)
    }
  })

  it("lists a customer's sent and an executor's received direct orders with direct=1", async () => {
    const { customer, specialist, stranger, order } = await directOrder()
    const plain = (await call('POST', '/orders', customer, await orderBody())).json()
    const ids = async (caller: User, query: string) =>
      (await call('GET', `/orders?scope=mine&${query}`, caller))
        .json()
        .collection.map((o: { id: number }) => o.id)
    expect(await ids(customer, 'direct=1')).toEqual([order.id])
    expect(await ids(specialist, 'direct=1')).toEqual([order.id])
    expect(await ids(stranger, 'direct=1')).toEqual([])
    expect(await ids(customer, 'direct=0')).toEqual([plain.id])
    expect(await ids(customer, 'direct=1&tab=open')).toEqual([])
    expect((await call('GET', '/orders?scope=mine&direct=2', customer)).json().error.code).toBe(
      'invalid_request',
    )
  })

  it('the specialist accepts, and the rest of the lifecycle is the usual one', async () => {
    const { customer, specialist, order } = await directOrder()
    expect((await act(order.id, 'toggle-replies', customer)).json().error.code).toBe('order_wrong_status')
    expect((await act(order.id, 'accept', specialist)).json().status).toBe('in_progress')
    expect((await act(order.id, 'complete', customer)).json().status).toBe('completed')
    const review = await call('POST', `/orders/${order.id}/review`, customer, {
      rating: 5,
      comment: 'Пришёл вовремя, всё сделал.',
    })
    expect(review.statusCode).toBe(201)
  })

  it('a declined direct order is canceled, not opened to others', async () => {
    const { customer, specialist, order } = await directOrder()
    expect((await act(order.id, 'decline', specialist)).json()).toMatchObject({
      status: 'canceled',
      is_direct: true,
    })
    expect((await act(order.id, 'accept', specialist)).json().error.code).toBe('order_wrong_status')
    expect((await call('GET', '/orders?tab=open', customer)).json().meta.total).toBe(0)
  })

  it('refuses a direct order to yourself, to no one, and from an executor', async () => {
    const customer = await user('customer')
    const self = await call('POST', '/orders', customer, await orderBody({ executor_id: customer.id }))
    expect(self.statusCode).toBe(403)
    expect(self.json().error).toMatchObject({
      code: 'cannot_order_from_yourself',
      message: 'Нельзя заказывать у самого себя',
    })
    const nobody = await call('POST', '/orders', customer, await orderBody({ executor_id: 999_999 }))
    expect(nobody.statusCode).toBe(400)
    expect(nobody.json().error).toMatchObject({
      code: 'executor_not_found',
      fields: { executor_id: [expect.any(String)] },
    })
    const executor = await user('executor')
    const refused = await call('POST', '/orders', executor, await orderBody({ executor_id: customer.id }))
    expect(refused.json().error.code).toBe('only_customers_order')
  })

  it('refuses a direct order for a service the specialist does not provide, or has switched off', async () => {
    const customer = await user('customer')
    const specialist = await user('executor')
    const body = await orderBody({ executor_id: specialist.id })
    const notTheirs = await call('POST', '/orders', customer, body)
    expect(notTheirs.statusCode).toBe(400)
    expect(notTheirs.json().error).toMatchObject({
      code: 'service_not_offered',
      fields: { services: ['Этот специалист не оказывает выбранную услугу: выберите одну из его услуг'] },
    })
    await provide(t, specialist, [await electricsId()])
    await t.db.db
      .update(specialityServices)
      .set({ active: false })
      .where(eq(specialityServices.userId, specialist.id))
    expect((await call('POST', '/orders', customer, body)).json().error.code).toBe('service_not_offered')
    await t.db.db
      .update(specialityServices)
      .set({ active: true })
      .where(eq(specialityServices.userId, specialist.id))
    expect((await call('POST', '/orders', customer, body)).statusCode).toBe(201)
    expect((await call('GET', '/orders?scope=mine&direct=1', customer)).json().meta.total).toBe(1)
  })

  it('answers a replayed direct publish with the same order', async () => {
    const customer = await user('customer')
    const specialist = await user('executor')
    await provide(t, specialist, [await electricsId()])
    const key = { 'idempotency-key': '7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' }
    const body = await orderBody({ executor_id: specialist.id })
    const first = await call('POST', '/orders', customer, body, key)
    const replay = await call('POST', '/orders', customer, body, key)
    expect(replay.json()).toMatchObject({ id: first.json().id, is_direct: true })
    expect((await call('GET', '/orders?scope=mine&direct=1', customer)).json().meta.total).toBe(1)
  })
})
