import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ExecutorCard } from '#contract/schemas/specialists.ts'
import type { Promotion } from '#contract/schemas/promotion.ts'
import { users } from '#server/db/schema/users.ts'
import { fakePush, fakeRealtime, publish } from '#tests/helpers/notifications.ts'
import {
  addSpeciality,
  catalogue,
  send,
  someDistricts,
  user,
  type Caller,
} from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, relogin } from '#tests/helpers/wallet.ts'

/** Profile promotion (docs/decisions/016-plan-features.md): the master plan's, shown above /executors. */
const realtime = fakeRealtime()
const push = fakePush()
const t = useTestApp({
  catalogue: true,
  config: { RATE_LIMIT_PER_MINUTE: 1_000_000 },
  deps: { realtimeHub: realtime.hub, pushDelivery: push.delivery },
})
beforeEach(() => {
  realtime.reset()
  push.reset()
})
const DAY_S = 24 * 3600

/** A plan bought for a month the real way: a checkout, paid on the sandbox page. */
async function grantPlan(caller: Caller, plan: 'starter' | 'master' | 'professional') {
  const bought = await checkout(t, caller, { plan, months: 1, provider: 'payme' })
  const posted = await t.inject({
    method: 'POST',
    url: bought.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  })
  expect(posted.statusCode, posted.body).toBe(303)
}

/** A specialist with one active service of the first category (or the given one), in the given districts. */
async function specialist(
  options: { category?: 'first' | 'second'; districts?: number[]; plan?: 'starter' | 'master' } = {},
) {
  const { first, second, ofFirst, ofSecond } = await catalogue(t)
  const me = await user(t, 'executor')
  if (options.districts) {
    const changed = await send(t, 'PUT', `/profile/${me.id}`, me, { district_ids: options.districts })
    expect(changed.statusCode, changed.body).toBe(200)
  }
  if (options.category === 'second') await addSpeciality(t, me, second.id, [{ service: ofSecond[0]!.id }])
  else await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id, price_from: 1_000_000 }])
  if (options.plan) await grantPlan(me, options.plan)
  return me
}

const promote = (caller: Caller, days: unknown) => send(t, 'PUT', '/profile/promotion', caller, { days })

async function promoted(caller: Caller, days = 7) {
  const response = await promote(caller, days)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Promotion>()
}

async function executors(query = '') {
  const response = await send(t, 'GET', `/executors${query}`, null, undefined, 'en')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{
    collection: ExecutorCard[]
    promoted: ExecutorCard[]
    meta: { next_cursor: string }
  }>()
}
const promotedIds = async (query = '') =>
  (await executors(query)).promoted.map((card) => card.id).sort((a, b) => a - b)

async function promotionOf(caller: Caller) {
  const response = await send(t, 'GET', '/profile/promotion', caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Promotion>().promotion
}

describe('PUT /profile/promotion', () => {
  it('needs the master plan: refused without a plan and with starter, allowed with master', async () => {
    const free = await specialist()
    let response = await promote(free, 7)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ error: { code: 'plan_required_master' } })
    const starter = await specialist({ plan: 'starter' })
    expect((await promote(starter, 7)).json()).toMatchObject({ error: { code: 'plan_required_master' } })
    expect(await promotionOf(free)).toBeNull()

    let master = await specialist({ plan: 'master' })
    const { promotion } = await promoted(master, 7)
    const now = t.clock.now().getTime()
    expect(promotion).toEqual({
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + 7 * DAY_S * 1000).toISOString(),
      active: true,
    })
    expect(await promotionOf(master)).toEqual(promotion)

    // A new promotion replaces the running one from now, not after it.
    t.clock.advance(DAY_S)
    master = await relogin(t, master)
    response = await promote(master, 2)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Promotion>().promotion).toEqual({
      starts_at: t.clock.now().toISOString(),
      ends_at: new Date(t.clock.now().getTime() + 2 * DAY_S * 1000).toISOString(),
      active: true,
    })
  })

  it('refuses a customer, a guest and a number of days outside 1..30', async () => {
    const customer = await user(t, 'customer')
    const refused = await promote(customer, 7)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } })
    expect((await promote({ token: 'nobody' } as Caller, 7)).statusCode).toBe(401)

    const master = await specialist({ plan: 'master' })
    for (const days of [0, 31, 1.5, -1, '7', null]) {
      const response = await promote(master, days)
      expect(response.statusCode, `days ${String(days)}`).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'promotion_days_invalid' } })
    }
    expect((await send(t, 'PUT', '/profile/promotion', master, {})).json()).toMatchObject({
      error: { code: 'promotion_days_invalid' },
    })
    expect(await promotionOf(master)).toBeNull()
    expect((await promote(master, 1)).statusCode).toBe(200)
    expect((await promote(master, 30)).statusCode).toBe(200)
  })
})

describe('DELETE /profile/promotion', () => {
  it('stops a running promotion now, and answers null for someone who never had one', async () => {
    const master = await specialist({ plan: 'master' })
    await promoted(master, 7)
    t.clock.advance(600)
    const response = await send(t, 'DELETE', '/profile/promotion', master)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Promotion>().promotion).toMatchObject({
      ends_at: t.clock.now().toISOString(),
      active: false,
    })
    expect(await promotedIds()).toEqual([])
    // Stopping again keeps the moment it ended.
    t.clock.advance(60)
    const again = (await send(t, 'DELETE', '/profile/promotion', master)).json<Promotion>()
    expect(again.promotion!.ends_at).toBe(response.json<Promotion>().promotion!.ends_at)

    const other = await specialist()
    expect((await send(t, 'DELETE', '/profile/promotion', other)).json()).toEqual({ promotion: null })
    expect((await send(t, 'GET', '/profile/promotion', null)).statusCode).toBe(401)
  })
})

describe('GET /executors promoted', () => {
  it('shows up to three running promotions that match the filters, on the first page only', async () => {
    const { first, second, ofFirst } = await catalogue(t)
    const { yunusabad, chilanzar } = await someDistricts(t)
    const a = await specialist({ plan: 'master', districts: [yunusabad.id] })
    const b = await specialist({ plan: 'master', districts: [chilanzar.id] })
    const c = await specialist({ plan: 'master', category: 'second' })
    const notPromoted = await specialist({ plan: 'master' })
    for (const who of [a, b, c]) await promoted(who)

    expect(await promotedIds()).toEqual([a.id, b.id, c.id])
    expect(await promotedIds(`?category=${first.id}`)).toEqual([a.id, b.id])
    expect(await promotedIds(`?category=${second.id}`)).toEqual([c.id])
    expect(await promotedIds(`?service=${ofFirst[0]!.id}`)).toEqual([a.id, b.id])
    expect(await promotedIds(`?service=${ofFirst[0]!.id}&district=${chilanzar.id}`)).toEqual([b.id])
    expect(await promotedIds(`?district=${yunusabad.id}`)).toEqual([a.id])
    expect(await promotedIds('?verified=1')).toEqual([])
    expect(await promotedIds('?price_from=500000')).toEqual([a.id, b.id])

    // A promoted card is a card like the list's, with the matching service.
    const list = await executors(`?service=${ofFirst[0]!.id}&perPage=1`)
    const card = list.promoted.find((one) => one.id === a.id)!
    expect(card).toMatchObject({
      id: a.id,
      districts: ['Yunusabad district'],
      discount_percent: 0,
      services: [{ service: { id: ofFirst[0]!.id }, price_from: 1_000_000 }],
    })
    expect(list.collection).toHaveLength(1)
    // Not on a later page, numbered or by cursor.
    expect((await executors(`?service=${ofFirst[0]!.id}&perPage=1&page=2`)).promoted).toEqual([])
    const next = await executors(
      `?service=${ofFirst[0]!.id}&perPage=1&cursor=${encodeURIComponent(list.meta.next_cursor)}`,
    )
    expect(next.collection).toHaveLength(1)
    expect(next.promoted).toEqual([])

    // Four running: three are shown, in turn.
    await promoted(notPromoted)
    const seen = new Set<number>()
    for (let i = 0; i < 30 && seen.size < 4; i++) {
      const shown = (await executors()).promoted
      expect(shown).toHaveLength(3)
      for (const one of shown) seen.add(one.id)
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([a.id, b.id, c.id, notPromoted.id])
  })

  it('hides a promotion when its days pass or when the plan ends first', async () => {
    // Both plans run a month from day 0, to day 30.
    const short = await specialist({ plan: 'master' })
    let long = await specialist({ plan: 'master' })
    await promoted(short, 2)
    expect(await promotedIds()).toEqual([short.id])
    t.clock.advance(25 * DAY_S)
    expect(await promotedIds()).toEqual([])
    expect((await promotionOf(await relogin(t, short)))!.active).toBe(false)

    // Promoted on day 25 for 10 days: to day 35, past the plan.
    long = await relogin(t, long)
    await promoted(long, 10)
    expect(await promotedIds()).toEqual([long.id])
    t.clock.advance(4 * DAY_S)
    expect(await promotedIds()).toEqual([long.id])
    t.clock.advance(2 * DAY_S)
    expect(await promotedIds()).toEqual([])
    long = await relogin(t, long)
    const promotion = await promotionOf(long)
    expect(promotion!.active).toBe(false)
    expect(Date.parse(promotion!.ends_at)).toBeGreaterThan(t.clock.now().getTime())
    // Buying again brings it back.
    await grantPlan(long, 'master')
    expect(await promotedIds()).toEqual([long.id])
    expect((await promotionOf(long))!.active).toBe(true)
  })
})

describe('discounts on cards', () => {
  it('show only while the owner has a plan with discounts', async () => {
    const master = await specialist({ plan: 'master' })
    const starter = await specialist({ plan: 'starter' })
    const free = await specialist()
    // Written straight to the row: without a plan the profile form refuses a discount.
    for (const who of [master, starter, free])
      await t.db.db.update(users).set({ discountPercent: 15 }).where(eq(users.id, who.id))
    await promoted(master)
    const { collection, promoted: shown } = await executors()
    const discountOf = (id: number) => collection.find((card) => card.id === id)!.discount_percent
    expect(discountOf(master.id)).toBe(15)
    expect(discountOf(starter.id)).toBe(0)
    expect(discountOf(free.id)).toBe(0)
    expect(shown).toEqual([expect.objectContaining({ id: master.id, discount_percent: 15 })])

    // The plan ends: the stored discount is kept but hidden.
    t.clock.advance(32 * DAY_S)
    expect((await executors()).collection.map((card) => card.discount_percent)).toEqual([0, 0, 0])
  })
})

describe('new-order notifications', () => {
  it('reach the promoted specialists first, by socket and by push', async () => {
    const others = [await specialist(), await specialist({ plan: 'master' })]
    const first = await specialist({ plan: 'master' })
    const second = await specialist({ plan: 'master' })
    const stopped = await specialist({ plan: 'master' })
    for (const who of [first, second, stopped]) await promoted(who)
    await send(t, 'DELETE', '/profile/promotion', stopped)
    const customer = await user(t, 'customer')
    await publish(t, customer)
    await t.app.services.events.settled()

    const promotedOnes = [first.id, second.id].sort((a, b) => a - b)
    const told = realtime.notified.map((one) => one.userId)
    expect(told).toHaveLength(5)
    expect(told.slice(0, 2).sort((a, b) => a - b)).toEqual(promotedOnes)
    expect(told.slice(2).sort((a, b) => a - b)).toEqual(
      [...others.map((one) => one.id), stopped.id].sort((a, b) => a - b),
    )
    const pushed = push.sent.map((one) => one.userId)
    expect(pushed).toHaveLength(5)
    expect(pushed.slice(0, 2).sort((a, b) => a - b)).toEqual(promotedOnes)
  })
})
