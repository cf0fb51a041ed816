import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { MAX_NUMBERED_PAGE } from '#contract/schemas/bounds.ts'
import { BOX_COUNT_LIMIT } from '#server/modules/orders/repository.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { provide } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// The open list's cache is on, as deployed: paging and totals must hold through it (it is emptied by every write).
const t = useTestApp({ catalogue: true, config: { OPEN_LIST_CACHE_MS: 1000 } })

type User = { token: string; id: number }
type Page = {
  collection: { id: number; status: string }[]
  meta: { page: number; perPage: number; total: number; next_cursor: string | null }
}

async function user(type: 'customer' | 'executor'): Promise<User> {
  const { token } = await register(t, { type })
  const profile = await t.call('GET', '/profile', { token })
  return { token, id: profile.json<{ id: number }>().id }
}

async function electricsId() {
  const response = await t.call('GET', '/categories/mastera-po-remontu/restnew/elektrika', null)
  return response.json<{ id: number }>().id
}

async function publish(customer: User, name = 'Повесить люстру') {
  const response = await t.call('POST', '/orders', customer, {
    services: [await electricsId()],
    name,
    at_customer: true,
    lat: 41.3,
    lng: 69.25,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: number }>().id
}

/** `count` open orders of `customer` written at once, several sharing each moment (the id breaks the tie). */
async function seed(customer: User, count: number) {
  await t.db.db.execute(sql`
    insert into orders (status, customer_id, services, name, at_customer, lat, lng, created_at, updated_at)
    select 'open', ${customer.id}::int, array[${await electricsId()}::int], 'Заказ ' || g, true, 41.3, 69.25,
           timestamptz '2026-11-01 10:00:00.123456+00' + (g / 3) * interval '1 second', now()
    from generate_series(1, ${count}::int) as g`)
}

async function list(query: string, caller: User | null = null) {
  const response = await t.call('GET', `/orders?${query}`, caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Page>()
}

const act = async (caller: User, id: number, action: string, payload: unknown = {}) => {
  const response = await t.call('POST', `/orders/${id}/actions/${action}`, caller, payload)
  expect(response.statusCode, response.body).toBe(200)
}

describe('GET /orders paged by cursor', () => {
  it('lists every open order exactly once while orders are published and change status between pages', async () => {
    const customer = await user('customer')
    await seed(customer, 40)
    const before = (await list('perPage=100')).collection.map((order) => order.id)
    expect(before).toHaveLength(40)

    const seen: number[] = []
    let page = await list('perPage=7')
    seen.push(...page.collection.map((order) => order.id))
    // Between the reads: new orders appear at the top, one not yet listed is paused, one already listed too.
    await publish(customer, 'Новый заказ сверху')
    const pausedAhead = before[30]!
    await act(customer, pausedAhead, 'toggle-replies')
    await act(customer, before[0]!, 'toggle-replies')
    while (page.meta.next_cursor) {
      page = await list(`perPage=7&cursor=${page.meta.next_cursor}`)
      seen.push(...page.collection.map((order) => order.id))
      await publish(customer, 'Ещё один новый заказ')
    }

    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(before.filter((id) => id !== pausedAhead).sort())
  })

  it("lists a customer's tab exactly once by cursor, the total counting what the tab holds", async () => {
    const customer = await user('customer')
    const someoneElse = await user('customer')
    await seed(customer, 25)
    await seed(someoneElse, 5)
    const seen: number[] = []
    let page = await list('scope=mine&tab=open&perPage=10', customer)
    expect(page.meta.total).toBe(25)
    seen.push(...page.collection.map((order) => order.id))
    while (page.meta.next_cursor) {
      page = await list(`scope=mine&tab=open&perPage=10&cursor=${page.meta.next_cursor}`, customer)
      seen.push(...page.collection.map((order) => order.id))
    }
    expect(seen).toHaveLength(25)
    expect(new Set(seen).size).toBe(25)
    expect(page.collection).toHaveLength(5)
    expect(page.meta.next_cursor).toBeNull()
  })

  it('lists the orders in a box exactly once by cursor, in a crowded box as in an almost empty one', async () => {
    const customer = await user('customer')
    const service = await electricsId()
    // 1,010 orders in a city box (more than the box count stops at) and 3 in a box far away; 20 outside both.
    await t.db.db.execute(sql`
      insert into orders (status, customer_id, services, name, at_customer, lat, lng, created_at, updated_at)
      select 'open', ${customer.id}::int, array[${service}::int], 'Заказ ' || g, true,
             case when g <= 1010 then 41.30 + (g % 7) * 0.001 when g <= 1013 then 39.65 else 45.0 end,
             case when g <= 1010 then 69.25 + (g % 5) * 0.001 when g <= 1013 then 66.96 else 60.0 end,
             timestamptz '2026-11-01 10:00:00+00' + (g / 4) * interval '1 millisecond', now()
      from generate_series(1, 1033) as g`)
    for (const [box, expected, total] of [
      ['69.2,41.2,69.3,41.4', 1010, BOX_COUNT_LIMIT],
      ['66.9,39.6,67.0,39.7', 3, 3],
    ] as const) {
      const seen: number[] = []
      let page = await list(`bbox=${box}&perPage=100`)
      expect(page.meta.total).toBe(total)
      seen.push(...page.collection.map((order) => order.id))
      while (page.meta.next_cursor) {
        page = await list(`bbox=${box}&perPage=100&cursor=${page.meta.next_cursor}`)
        seen.push(...page.collection.map((order) => order.id))
      }
      expect(seen).toHaveLength(expected)
      expect(new Set(seen).size).toBe(expected)
      // Newest first: here a later order has a larger id.
      expect(seen).toEqual([...seen].sort((a, b) => b - a))
    }
  })

  it('keeps numbered pages up to the limit and refuses a deeper one without a cursor', async () => {
    const customer = await user('customer')
    await seed(customer, 12)
    const second = await list('perPage=5&page=2')
    const byCursor = await list(`perPage=5&cursor=${(await list('perPage=5')).meta.next_cursor}`)
    expect(second.collection.map((order) => order.id)).toEqual(byCursor.collection.map((order) => order.id))
    expect((await list(`page=${MAX_NUMBERED_PAGE}`)).collection).toEqual([])

    const deep = await t.call('GET', `/orders?page=${MAX_NUMBERED_PAGE + 1}`, null, undefined, {
      'accept-language': 'en',
    })
    expect(deep.statusCode).toBe(400)
    expect(deep.json().error.code).toBe('page_needs_cursor')
    expect(deep.json().error.fields.page).toEqual([
      `Pages by number go up to ${MAX_NUMBERED_PAGE}; further pages follow the cursor (meta.next_cursor)`,
    ])
  })

  it('answers a malformed or tampered cursor with 400 cursor_invalid', async () => {
    const tampered = [
      'not a cursor!',
      'e30',
      Buffer.from('["yesterday", 5]').toString('base64url'),
      Buffer.from('["2026-11-01T10:00:00Z", "5"]').toString('base64url'),
      Buffer.from('["2026-11-01T10:00:00Z", 5, 6]').toString('base64url'),
      Buffer.from('{"id": 5}').toString('base64url'),
      Buffer.from('["2026-11-01T10:00:00Z", 1e400]').toString('base64url'),
      'x'.repeat(401),
    ]
    for (const cursor of tampered) {
      const response = await t.inject({
        method: 'GET',
        url: `${V1}/orders?cursor=${encodeURIComponent(cursor)}`,
      })
      expect(response.statusCode, cursor).toBe(400)
      expect(response.json().error.code, cursor).toBe('cursor_invalid')
    }
  })
})

describe('GET /orders totals through the lifecycle', () => {
  it('counts the open orders and each tab right after every action', async () => {
    const customer = await user('customer')
    const executor = await user('executor')
    const openTotal = async () => (await list('')).meta.total
    const tab = async (status: string) =>
      (await list(`scope=mine&direct=0&tab=${status}`, customer)).meta.total
    const executorTab = async (status: string) =>
      (await list(`scope=mine&direct=0&tab=${status}`, executor)).meta.total

    const first = await publish(customer)
    const second = await publish(customer)
    const third = await publish(customer)
    expect(await openTotal()).toBe(3)
    // A direct order goes to its specialist only: it is in no one's open list.
    await provide(t, executor, [await electricsId()])
    const direct = await t.call('POST', '/orders', customer, {
      services: [await electricsId()],
      name: 'Только для вас',
      at_customer: true,
      executor_id: executor.id,
    })
    expect(direct.statusCode, direct.body).toBe(201)
    expect(await openTotal()).toBe(3)

    await act(customer, third, 'toggle-replies')
    expect([await openTotal(), await tab('open'), await tab('inactive')]).toEqual([2, 2, 1])
    await act(customer, third, 'toggle-replies')
    expect([await openTotal(), await tab('inactive')]).toEqual([3, 0])

    const reply = await t.call('POST', `/orders/${first}/replies`, executor, { message: 'Сделаю сегодня' })
    expect(reply.statusCode, reply.body).toBe(201)
    expect(await executorTab('open')).toBe(1)
    await act(customer, first, 'choose', { executor_id: executor.id })
    expect([await openTotal(), await tab('inactive'), await executorTab('inactive')]).toEqual([2, 1, 1])
    await act(executor, first, 'decline')
    expect([await openTotal(), await tab('inactive'), await executorTab('open')]).toEqual([3, 0, 1])

    await act(customer, first, 'choose', { executor_id: executor.id })
    await act(executor, first, 'accept')
    expect([await openTotal(), await tab('in_progress'), await executorTab('in_progress')]).toEqual([2, 1, 1])
    await act(customer, first, 'complete')
    expect([await tab('in_progress'), await tab('completed'), await executorTab('completed')]).toEqual([
      0, 1, 1,
    ])

    await act(customer, second, 'cancel')
    expect([await openTotal(), await tab('canceled')]).toEqual([1, 1])
    const archived = await t.call('DELETE', `/orders/${second}`, customer)
    expect(archived.statusCode, archived.body).toBe(200)
    expect([await tab('canceled'), await tab('archive')]).toEqual([0, 1])
    expect(await openTotal()).toBe(1)
  })
})
