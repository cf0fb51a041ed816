import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import { buildApp } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import { createPublicAnswers, type PublicAnswersInvalidation } from '#server/modules/orders/public-answers.ts'
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

const ADDRESS = '4-й квартал, дом 7, кв. 21'
const PIN = { lat: 41.363412, lng: 69.285731 }
const BOX = '69.1,41.2,69.4,41.4'

async function publish(target: TestApp, customer: Caller, name: string) {
  const response = await target.call('POST', '/orders', customer, {
    services: [await electricsId(target)],
    name,
    at_customer: true,
    area: 'Юнусабадский район, Ташкент',
    address: ADDRESS,
    ...PIN,
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

async function inBox(target: TestApp = t, caller: Caller | null = null) {
  const response = await target.call('GET', `/orders?tab=open&bbox=${BOX}&perPage=100`, caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Page>()
}

type Map = { collection: { id: number; name: string }[]; areas: unknown[] }
async function onMap(target: TestApp = t) {
  const response = await target.call('GET', `/orders/map?bbox=${BOX}`, null)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Map>().collection.map((marker) => marker.name)
}

/** An open order written behind the app's back (SQL): what only a read of the database shows. */
async function writeBehindTheApp(name: string) {
  const customer = (await t.db.db.execute(sql`select id from users limit 1`)) as unknown as {
    rows: { id: number }[]
  }
  await t.db.db.execute(sql`
    insert into orders (status, customer_id, services, name, at_customer, lat, lng, created_at, updated_at)
    values ('open', ${customer.rows[0]!.id}::int, array[${await electricsId()}::int], ${name}, true,
            ${PIN.lat}, ${PIN.lng}, now(), now())`)
}

const act = async (caller: Caller, id: number, action: string, payload: unknown = {}) => {
  const response = await t.call('POST', `/orders/${id}/actions/${action}`, caller, payload)
  expect(response.statusCode, response.body).toBe(200)
}

describe('the open orders answers kept in memory', () => {
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

  it('keeps a list in a box and the map, and shows every write of an order on their very next read', async () => {
    const customer = await register(t, { type: 'customer' })
    const executor = await register(t, { type: 'executor' })
    const first = await publish(t, customer, 'Первый')
    expect(namesIn(await inBox())).toEqual(['Первый'])
    expect(await onMap()).toEqual(['Первый'])

    // Kept: a row written behind the app shows only once the answers are a second old.
    await writeBehindTheApp('Записан мимо приложения')
    expect(namesIn(await inBox(t, executor))).toEqual(['Первый'])
    expect(await onMap()).toEqual(['Первый'])
    t.clock.advance(1)
    expect(namesIn(await inBox())).toEqual(['Записан мимо приложения', 'Первый'])
    expect(await onMap()).toEqual(expect.arrayContaining(['Записан мимо приложения', 'Первый']))

    const second = await publish(t, customer, 'Второй')
    // (The row written by SQL is dated by the database, later than the test clock's publishes.)
    expect(namesIn(await inBox(t, executor))).toEqual(['Записан мимо приложения', 'Второй', 'Первый'])
    expect(await onMap()).toHaveLength(3)
    await act(customer, second, 'cancel')
    expect(namesIn(await inBox())).toEqual(['Записан мимо приложения', 'Первый'])
    expect(await onMap()).not.toContain('Второй')
    const reply = await t.call('POST', `/orders/${first}/replies`, executor, { message: 'Сделаю сегодня' })
    expect(reply.statusCode, reply.body).toBe(201)
    expect((await inBox()).collection.find((order) => order.id === first)?.replies_count).toBe(1)
    expect((await t.call('DELETE', `/orders/${first}`, customer)).statusCode).toBe(200)
    expect(namesIn(await inBox(t, executor))).toEqual(['Записан мимо приложения'])
    expect(await onMap()).toEqual(['Записан мимо приложения'])
  })

  it("gives an order's customer their own card from a kept list, and everyone else the area", async () => {
    const customer = await register(t, { type: 'customer' })
    const stranger = await register(t, { type: 'executor' })
    await publish(t, customer, 'Заменить проводку')
    type Seen = { address: string | null; lat: number; location_exact: boolean }
    const cardsIn = async (path: string, caller: Caller | null) => {
      const response = await t.call('GET', path, caller)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ collection: Seen[]; meta: { total: number } }>()
    }
    const exact = { address: ADDRESS, lat: PIN.lat, location_exact: true }
    const area = { address: null, lat: 41.36, location_exact: false }
    for (const path of ['/orders?perPage=20', `/orders?tab=open&bbox=${BOX}&perPage=100`]) {
      expect((await cardsIn(path, null)).collection).toEqual([expect.objectContaining(area)])
      const own = await cardsIn(path, customer)
      expect(own.collection).toEqual([expect.objectContaining(exact)])
      expect(own.meta.total).toBe(1)
      expect((await cardsIn(path, stranger)).collection).toEqual([expect.objectContaining(area)])
      expect((await cardsIn(path, null)).collection).toEqual([expect.objectContaining(area)])
    }
  })

  it('does not keep a page whose database read failed', async () => {
    const clock = new TestClock()
    const cache = createPublicAnswers<string>({ ttlMs: 1000, clock })
    await expect(cache.read('1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow()
    expect(await cache.read('1', async () => 'page')).toBe('page')
    expect(await cache.read('1', async () => 'another read')).toBe('page')
  })

  it('starts over once what it keeps outweighs its bound', async () => {
    const cache = createPublicAnswers<string>({
      ttlMs: 1000,
      clock: new TestClock(),
      sizeOf: (answer) => answer.length,
      maxBytes: 10,
    })
    expect(await cache.read('a', async () => 'eleven char')).toBe('eleven char')
    expect(await cache.read('a', async () => 'not read')).toBe('eleven char')
    expect(await cache.read('b', async () => 'b')).toBe('b')
    // 'a' went with the memory when 'b' was kept.
    expect(await cache.read('a', async () => 'read again')).toBe('read again')
  })

  it('serves nothing from memory while its broadcast is not connected, and forgets all on a missed message', async () => {
    let live = false
    let listener: (message: PublicAnswersInvalidation | 'missed') => void = () => undefined
    const broadcast: Broadcast<PublicAnswersInvalidation> = {
      publish: async () => undefined,
      listen: (heard) => {
        listener = heard
      },
      get live() {
        return live
      },
      close: async () => undefined,
    }
    const cache = createPublicAnswers<string>({ ttlMs: 1000, clock: new TestClock(), broadcast })
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
describe.runIf(redisUrl)('the open orders answers of two instances with REDIS_URL', () => {
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
        tries < 100 && !(first.services.publicAnswers.serving && second.services.publicAnswers.serving);
        tries++
      )
        await new Promise((resolve) => setTimeout(resolve, 50))
      const customer = await register(on(first))
      await publish(on(first), customer, 'Первый')
      expect(namesIn(await openList(on(second)))).toEqual(['Первый'])
      expect(await onMap(on(second))).toEqual(['Первый'])
      // The second answers from memory: a write behind the app's back is not seen.
      await writeBehindTheApp('Записан мимо приложения')
      expect(namesIn(await openList(on(second)))).toEqual(['Первый'])
      expect(await onMap(on(second))).toEqual(['Первый'])

      await publish(on(first), customer, 'Второй')
      // (The row written by SQL is dated by the database, later than the test clock's publishes.)
      expect(namesIn(await openList(on(second)))).toEqual(['Записан мимо приложения', 'Второй', 'Первый'])
      expect(await onMap(on(second))).toHaveLength(3)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
