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

    // Kept: a row written behind the app shows once the answers are a second old and their grid's cells two (a
    // cell just gone stale is answered while it is read again).
    await writeBehindTheApp('Записан мимо приложения')
    expect(namesIn(await inBox(t, executor))).toEqual(['Первый'])
    expect(await onMap()).toEqual(['Первый'])
    t.clock.advance(2)
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

  it('answers a map box never asked before from the cells other boxes of the same place read', async () => {
    const customer = await register(t, { type: 'customer' })
    await publish(t, customer, 'Первый')
    expect(await onMap()).toEqual(['Первый'])
    await writeBehindTheApp('Записан мимо приложения')
    // Another box over the same place at the same zoom: its grid's cells are the ones the first box read.
    const other = async () => {
      const response = await t.call('GET', '/orders/map?bbox=69.15,41.25,69.45,41.42', null)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<Map>().collection.map((marker) => marker.name)
    }
    expect(await other()).toEqual(['Первый'])
    t.clock.advance(2)
    expect((await other()).sort()).toEqual(['Записан мимо приложения', 'Первый'])
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

  // An answer that weighs its own length, as a kept list weighs its bytes.
  const text = (value: string) => ({ value, bytes: value.length })
  const valueOf = async (answer: Promise<{ value: string }>) => (await answer).value

  it('does not keep a page whose database read failed', async () => {
    const cache = createPublicAnswers({ ttlMs: 1000, clock: new TestClock() })
    await expect(cache.read('1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow()
    expect(await valueOf(cache.read('1', async () => text('page')))).toBe('page')
    expect(await valueOf(cache.read('1', async () => text('another read')))).toBe('page')
  })

  it('lets the least recently read answers go once it holds too many of them or too many bytes', async () => {
    const heavy = createPublicAnswers({ ttlMs: 1000, clock: new TestClock(), maxBytes: 10 })
    await heavy.read('a', async () => text('four'))
    await heavy.read('b', async () => text('five!'))
    expect(await valueOf(heavy.read('a', async () => text('not read')))).toBe('four')
    // 'c' does not fit beside both: 'b', read least recently, goes.
    await heavy.read('c', async () => text('six!!!'))
    expect(await valueOf(heavy.read('b', async () => text('read again')))).toBe('read again')

    const few = createPublicAnswers({ ttlMs: 1000, clock: new TestClock(), maxAnswers: 2 })
    await few.read('a', async () => text('a'))
    await few.read('b', async () => text('b'))
    expect(await valueOf(few.read('a', async () => text('not read')))).toBe('a')
    await few.read('c', async () => text('c'))
    expect(await valueOf(few.read('a', async () => text('not read')))).toBe('a')
    expect(await valueOf(few.read('b', async () => text('read again')))).toBe('read again')
  })

  it('keeps an answer asked once only when it is asked again within the time', async () => {
    const clock = new TestClock()
    const cache = createPublicAnswers({ ttlMs: 1000, clock })
    let reads = 0
    const load = async () => text(`read ${++reads}`)
    const once = { once: 'wait for a second ask' } as const
    expect(await valueOf(cache.read('box', load, once))).toBe('read 1')
    expect(await valueOf(cache.read('box', load, once))).toBe('read 2')
    expect(await valueOf(cache.read('box', load, once))).toBe('read 2')
    // Asked again only after the time: not kept.
    clock.advance(1)
    expect(await valueOf(cache.read('another', load, once))).toBe('read 3')
    clock.advance(1)
    expect(await valueOf(cache.read('another', load, once))).toBe('read 4')
    expect(await valueOf(cache.read('another', load, once))).toBe('read 5')
  })

  it('reads the answers it does not keep in one call, and shares the kept ones and the ones under way', async () => {
    const clock = new TestClock()
    const cache = createPublicAnswers({ ttlMs: 1000, clock })
    const calls: string[][] = []
    const load = async (missing: string[]) => {
      calls.push(missing)
      return missing.map((key) => text(`${key}@${calls.length}`))
    }
    const values = async (answers: Promise<{ value: string }[]>) => (await answers).map((each) => each.value)

    expect(await values(cache.readMany(['a', 'b'], load))).toEqual(['a@1', 'b@1'])
    expect(await values(cache.readMany(['b', 'c', 'a', 'd'], load))).toEqual(['b@1', 'c@2', 'a@1', 'd@2'])
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    // Two readers at once of what is not kept: one read.
    const [first, second] = await Promise.all([
      values(cache.readMany(['e', 'f'], load)),
      values(cache.readMany(['f', 'a'], load)),
    ])
    expect([first, second]).toEqual([
      ['e@3', 'f@3'],
      ['f@3', 'a@1'],
    ])
    expect(calls).toHaveLength(3)
    // A failed read keeps nothing.
    await expect(cache.readMany(['g'], () => Promise.reject(new Error('connection lost')))).rejects.toThrow()
    expect(await values(cache.readMany(['g'], load))).toEqual(['g@4'])
    // Just gone stale: answered at once as it was, and read again behind its readers, once.
    clock.advance(1)
    expect(await values(cache.readMany(['a', 'g', 'h'], load))).toEqual(['a@1', 'g@4', 'h@6'])
    expect(await values(cache.readMany(['g', 'a'], load))).toEqual(['g@5', 'a@5'])
    expect(calls.slice(4)).toEqual([['a', 'g'], ['h']])
    // Stale for longer than the time it is kept: read before it is answered.
    clock.advance(2)
    expect(await values(cache.readMany(['a'], load))).toEqual(['a@7'])
    // A write meanwhile: what a read behind the readers brings back is not kept.
    clock.advance(1)
    let release: () => void = () => undefined
    const slow = (missing: string[]) =>
      new Promise<ReturnType<typeof text>[]>((resolve) => {
        release = () => resolve(missing.map((key) => text(`${key}@before the write`)))
      })
    expect(await values(cache.readMany(['a'], slow))).toEqual(['a@7'])
    await cache.forget()
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await values(cache.readMany(['a'], load))).toEqual(['a@8'])
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
    const cache = createPublicAnswers({ ttlMs: 1000, clock: new TestClock(), broadcast })
    expect(await valueOf(cache.read('1', async () => text('first')))).toBe('first')
    expect(await valueOf(cache.read('1', async () => text('second')))).toBe('second')
    live = true
    expect(await valueOf(cache.read('1', async () => text('kept')))).toBe('kept')
    expect(await valueOf(cache.read('1', async () => text('not read')))).toBe('kept')
    listener('missed')
    expect(await valueOf(cache.read('1', async () => text('read again')))).toBe('read again')
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
