import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { orders } from '#server/db/schema/orders.ts'
import { createViewCounter, type ViewCounts } from '#server/modules/orders/view-counter.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const HOUR_MS = 3_600_000
// The timer never fires during a test: each test flushes when it means to.
const t = useTestApp({ catalogue: true, deps: { viewsFlushEveryMs: HOUR_MS } })

type App = Awaited<ReturnType<typeof buildApp>>
type Caller = { token: string } | null

const view = (app: App, id: number, caller: Caller = null) =>
  app.inject({
    method: 'GET',
    url: `${V1}/orders/${id}`,
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
  })
const viewsOf = async (app: App, id: number, caller: Caller = null) =>
  (await view(app, id, caller)).json<{ views: number }>().views

/** The views the order's row holds: what lists and every other process read. */
const storedViews = async (id: number) =>
  (await t.db.db.select({ views: orders.views }).from(orders).where(eq(orders.id, id)))[0]!.views

async function publishedOrder(name = 'Заменить проводку на кухне') {
  const owner = await register(t, { type: 'customer' })
  const service = (
    await t.inject({ method: 'GET', url: `${V1}/categories/mastera-po-remontu/restnew/elektrika` })
  ).json<{ id: number }>().id
  const published = await t.call('POST', '/orders', owner, {
    services: [service],
    name,
    is_online: true,
    price_min: 50_000_000,
    price_max: 80_000_000,
  })
  expect(published.statusCode, published.body).toBe(201)
  return { owner, id: published.json<{ id: number }>().id }
}

const otherApp = (viewsFlushEveryMs: number) =>
  buildApp({
    config: { ...testConfig(), JWT_SECRET: TEST_SECRET },
    database: t.db,
    clock: t.clock,
    viewsFlushEveryMs,
  })

describe('GET /orders/{id} views', () => {
  it('answers each read with its view counted, and updates the rows only at the flush, all in one go', async () => {
    const first = await publishedOrder()
    const second = await publishedOrder('Покрасить стены')
    expect([
      await viewsOf(t.app, first.id),
      await viewsOf(t.app, first.id),
      await viewsOf(t.app, first.id),
    ]).toEqual([1, 2, 3])
    expect(await viewsOf(t.app, second.id)).toBe(1)
    expect([await storedViews(first.id), await storedViews(second.id)]).toEqual([0, 0])

    await t.app.services.orderViews.flush()
    expect([await storedViews(first.id), await storedViews(second.id)]).toEqual([3, 1])
    expect(await viewsOf(t.app, first.id)).toBe(4)
  })

  it("shows the customer the views not yet written, and does not count the customer's own look", async () => {
    const { owner, id } = await publishedOrder()
    await viewsOf(t.app, id)
    await viewsOf(t.app, id)
    expect(await viewsOf(t.app, id, owner)).toBe(2)
    expect(await viewsOf(t.app, id, owner)).toBe(2)
    await t.app.services.orderViews.flush()
    expect(await storedViews(id)).toBe(2)
  })

  it('writes the views counted so far when the server shuts down', async () => {
    const { id } = await publishedOrder()
    const app = await otherApp(HOUR_MS)
    await viewsOf(app, id)
    await viewsOf(app, id)
    expect(await storedViews(id)).toBe(0)
    await app.close()
    expect(await storedViews(id)).toBe(2)
  })

  it('writes them on its own within the flush interval', async () => {
    const { id } = await publishedOrder()
    const app = await otherApp(50)
    try {
      await viewsOf(app, id)
      const deadline = Date.now() + 5_000
      while ((await storedViews(id)) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await storedViews(id)).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('adds up the views of several server processes', async () => {
    const { id } = await publishedOrder()
    const app = await otherApp(HOUR_MS)
    try {
      await viewsOf(t.app, id)
      await viewsOf(app, id)
      await viewsOf(app, id)
      await Promise.all([t.app.services.orderViews.flush(), app.services.orderViews.flush()])
      expect(await storedViews(id)).toBe(3)
    } finally {
      await app.close()
    }
  })
})

describe('the view counter', () => {
  it('keeps the views of a failed write for the next one, and writes each view once', async () => {
    const written: [number, number][][] = []
    let failures = 1
    const counter = createViewCounter({
      everyMs: HOUR_MS,
      store: async (counts: ViewCounts) => {
        if (failures-- > 0) throw new Error('database unreachable')
        written.push([...counts])
      },
      onError: () => {},
    })
    counter.count(7)
    counter.count(7)
    await counter.flush()
    expect(written).toEqual([])
    expect(counter.unwritten(7)).toBe(2)
    counter.count(8)
    await counter.close()
    expect(written).toEqual([
      [
        [7, 2],
        [8, 1],
      ],
    ])
    expect(counter.unwritten(7)).toBe(0)
  })
})
