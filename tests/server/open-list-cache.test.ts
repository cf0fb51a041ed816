import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import { buildApp } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import { createOpenListCache, type OpenListInvalidation } from '#server/modules/orders/open-list-cache.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { TEST_SECRET, TestClock, useTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true, config: { OPEN_LIST_CACHE_MS: 1000 } })

type App = Awaited<ReturnType<typeof buildApp>>
type Caller = { token: string }
type Page = { collection: { id: number; name: string; replies_count: number }[]; meta: { total: number } }

async function electricsId(target: TestApp = t) {
  const response = await target.call('GET', '/categories/mastera-po-remontu/restnew/elektrika', null)
  return response.json<{ id: number }>().id
}

async function publish(target: TestApp, customer: Caller, name: string) {
  const response = await target.call('POST', '/orders', customer, {
    services: [await electricsId(target)],
    name,
    at_customer: true,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: number }>().id
}

async function openList(target: TestApp = t, caller: Caller | null = null) {
  const response = await target.call('GET', '/orders?perPage=20', caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Page>()
}
const namesIn = (page: Page) => page.collection.map((order) => order.name)

/** An open order written behind the app's back (SQL): what only a read of the database shows. */
async function writeBehindTheApp(name: string) {
  const customer = (await t.db.db.execute(sql`select id from users limit 1`)) as unknown as {
    rows: { id: number }[]
  }
  await t.db.db.execute(sql`
    insert into orders (status, customer_id, services, name, at_customer, created_at, updated_at)
    values ('open', ${customer.rows[0]!.id}::int, array[${await electricsId()}::int], ${name}, true, now(), now())`)
}

const act = async (caller: Caller, id: number, action: string, payload: unknown = {}) => {
  const response = await t.call('POST', `/orders/${id}/actions/${action}`, caller, payload)
  expect(response.statusCode, response.body).toBe(200)
}

describe('the open list kept in memory', () => {
  it('answers the same page from memory for OPEN_LIST_CACHE_MS, then reads the database again', async () => {
    const customer = await register(t)
    await publish(t, customer, 'Повесить люстру')
    expect(namesIn(await openList())).toEqual(['Повесить люстру'])

    await writeBehindTheApp('Записан мимо приложения')
    expect(namesIn(await openList())).toEqual(['Повесить люстру'])
    t.clock.advance(1)
    expect(namesIn(await openList())).toEqual(['Записан мимо приложения', 'Повесить люстру'])
  })

  it('keeps nothing with OPEN_LIST_CACHE_MS=0', async () => {
    await register(t)
    const app = await buildApp({
      config: { ...testConfig({ OPEN_LIST_CACHE_MS: 0 }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
    })
    try {
      const list = async () =>
        (await app.inject({ method: 'GET', url: `${V1}/orders` })).json<Page>().meta.total
      expect(await list()).toBe(0)
      await writeBehindTheApp('Записан мимо приложения')
      expect(await list()).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('shows every write of an order on the very next read, for guests and specialists alike', async () => {
    const customer = await register(t, { type: 'customer' })
    const executor = await register(t, { type: 'executor' })
    const first = await publish(t, customer, 'Первый')
    expect(namesIn(await openList())).toEqual(['Первый'])
    expect(namesIn(await openList(t, executor))).toEqual(['Первый'])

    const second = await publish(t, customer, 'Второй')
    expect(namesIn(await openList())).toEqual(['Второй', 'Первый'])
    expect((await openList(t, executor)).meta.total).toBe(2)

    const reply = await t.call('POST', `/orders/${first}/replies`, executor, { message: 'Сделаю сегодня' })
    expect(reply.statusCode, reply.body).toBe(201)
    expect((await openList()).collection.find((order) => order.id === first)?.replies_count).toBe(1)

    await act(customer, second, 'toggle-replies')
    expect(namesIn(await openList(t, executor))).toEqual(['Первый'])
    await act(customer, second, 'toggle-replies')
    expect(namesIn(await openList())).toEqual(['Второй', 'Первый'])

    await act(customer, first, 'choose', {
      executor_id: (await t.call('GET', '/profile', executor)).json().id,
    })
    expect(namesIn(await openList())).toEqual(['Второй'])
    await act(executor, first, 'decline')
    expect(namesIn(await openList(t, executor))).toEqual(['Второй', 'Первый'])

    await act(customer, second, 'cancel')
    expect((await openList()).meta.total).toBe(1)
    const removed = await t.call('DELETE', `/orders/${first}`, customer)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await openList()).toMatchObject({ collection: [], meta: { total: 0 } })
  })

  it('does not keep a page whose database read failed', async () => {
    const clock = new TestClock()
    const cache = createOpenListCache<string>({ ttlMs: 1000, clock })
    await expect(cache.read('1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow()
    expect(await cache.read('1', async () => 'page')).toBe('page')
    expect(await cache.read('1', async () => 'another read')).toBe('page')
  })

  it('serves nothing from memory while its broadcast is not connected, and forgets all on a missed message', async () => {
    let live = false
    let listener: (message: OpenListInvalidation | 'missed') => void = () => undefined
    const broadcast: Broadcast<OpenListInvalidation> = {
      publish: async () => undefined,
      listen: (heard) => {
        listener = heard
      },
      get live() {
        return live
      },
      close: async () => undefined,
    }
    const cache = createOpenListCache<string>({ ttlMs: 1000, clock: new TestClock(), broadcast })
    expect(await cache.read('1', async () => 'first')).toBe('first')
    expect(await cache.read('1', async () => 'second')).toBe('second')
    live = true
    expect(await cache.read('1', async () => 'kept')).toBe('kept')
    expect(await cache.read('1', async () => 'not read')).toBe('kept')
    listener('missed')
    expect(await cache.read('1', async () => 'read again')).toBe('read again')
  })
})

const redisUrl = process.env.REDIS_URL
const on = (app: App) =>
  ({
    inject: app.inject.bind(app),
    call: (method: 'GET' | 'POST', url: string, caller: Caller | null, payload?: unknown) =>
      app.inject({
        method,
        url: `${V1}${url}`,
        ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
        headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
      }),
  }) as unknown as TestApp

// Two app instances in one test process, each with its own memory, on one database and one Redis: what two server
// processes behind a load balancer are.
describe.runIf(redisUrl)('the open list of two instances with REDIS_URL', () => {
  it('shows an order published through the first on the very next read of the second', async () => {
    const config: Config & { JWT_SECRET: string } = {
      ...testConfig({ REDIS_URL: redisUrl, OPEN_LIST_CACHE_MS: 1000 }),
      JWT_SECRET: TEST_SECRET,
    }
    const [first, second] = await Promise.all([
      buildApp({ config, database: t.db, clock: t.clock }),
      buildApp({ config, database: t.db, clock: t.clock }),
    ])
    try {
      // Until it has subscribed an instance serves nothing from memory, and the test would prove nothing.
      for (
        let tries = 0;
        tries < 100 && !(first.services.openList.serving && second.services.openList.serving);
        tries++
      )
        await new Promise((resolve) => setTimeout(resolve, 50))
      const customer = await register(on(first))
      await publish(on(first), customer, 'Первый')
      expect(namesIn(await openList(on(second)))).toEqual(['Первый'])
      // The second answers from memory: a write behind the app's back is not seen.
      await writeBehindTheApp('Записан мимо приложения')
      expect(namesIn(await openList(on(second)))).toEqual(['Первый'])

      await publish(on(first), customer, 'Второй')
      // (The row written by SQL is dated by the database, later than the test clock's publishes.)
      expect(namesIn(await openList(on(second)))).toEqual(['Записан мимо приложения', 'Второй', 'Первый'])
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
