import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { orders, orderViewers } from '#server/db/schema/orders.ts'
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_TOKEN } from '#server/lib/internal-requests.ts'
import { randomToken } from '#server/lib/secrets.ts'
import { createViewCounter, type ViewCounts } from '#server/modules/orders/view-counter.ts'
import { VIEWER_COOKIE } from '#server/modules/orders/viewer-cookie.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const HOUR_MS = 3_600_000
// The timer never fires during a test: each test flushes when it means to.
const t = useTestApp({ catalogue: true, deps: { viewsFlushEveryMs: HOUR_MS } })

type App = Awaited<ReturnType<typeof buildApp>>
/**
 * Who reads: a signed-in person (`token`), a device with its cookie (`device`), or a bare request, which may say
 * where it comes from and with which browser. Every reader is someone else unless they share one of these.
 */
type Reader = { token?: string; device?: string; address?: string; userAgent?: string }

const read = (app: App, id: number, reader: Reader = {}) =>
  app.inject({
    method: 'GET',
    url: `${V1}/orders/${id}`,
    remoteAddress: reader.address ?? '10.20.0.1',
    headers: {
      ...(reader.token && { authorization: `Bearer ${reader.token}` }),
      ...(reader.device && { cookie: `${VIEWER_COOKIE}=${reader.device}` }),
      ...(reader.userAgent && { 'user-agent': reader.userAgent }),
    },
  })
const viewsOf = async (app: App, id: number, reader: Reader = {}) =>
  (await read(app, id, reader)).json<{ views: number }>().views
/** A device that has read orders before: it sends its cookie. */
const aDevice = (): Reader => ({ device: randomToken() })

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
      await viewsOf(t.app, first.id, aDevice()),
      await viewsOf(t.app, first.id, aDevice()),
      await viewsOf(t.app, first.id, aDevice()),
    ]).toEqual([1, 2, 3])
    expect(await viewsOf(t.app, second.id, aDevice())).toBe(1)
    expect([await storedViews(first.id), await storedViews(second.id)]).toEqual([0, 0])

    await t.app.services.orderViews.flush()
    expect([await storedViews(first.id), await storedViews(second.id)]).toEqual([3, 1])
    expect(await viewsOf(t.app, first.id, aDevice())).toBe(4)
  })

  it("shows the customer the views not yet written, and does not count the customer's own look", async () => {
    const { owner, id } = await publishedOrder()
    await viewsOf(t.app, id, aDevice())
    await viewsOf(t.app, id, aDevice())
    expect(await viewsOf(t.app, id, owner)).toBe(2)
    expect(await viewsOf(t.app, id, owner)).toBe(2)
    await t.app.services.orderViews.flush()
    expect(await storedViews(id)).toBe(2)
  })

  it('writes the views counted so far when the server shuts down', async () => {
    const { id } = await publishedOrder()
    const app = await otherApp(HOUR_MS)
    await viewsOf(app, id, aDevice())
    await viewsOf(app, id, aDevice())
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
      await viewsOf(t.app, id, aDevice())
      await viewsOf(app, id, aDevice())
      await viewsOf(app, id, aDevice())
      await Promise.all([t.app.services.orderViews.flush(), app.services.orderViews.flush()])
      expect(await storedViews(id)).toBe(3)
    } finally {
      await app.close()
    }
  })
})

describe('GET /orders/{id}: one view per viewer a day', () => {
  const reloads = async (id: number, reader: Reader, times = 5, app = t.app) => {
    const answers: number[] = []
    for (let i = 0; i < times; i++) answers.push(await viewsOf(app, id, reader))
    return answers
  }
  const flushedViews = async (id: number) => {
    await t.app.services.orderViews.flush()
    return storedViews(id)
  }
  const viewerRows = () => t.db.db.select().from(orderViewers)

  it('counts a signed-in person once however often they reload', async () => {
    const { id } = await publishedOrder()
    const specialist = await register(t, { type: 'executor' })
    expect(await reloads(id, specialist)).toEqual([1, 1, 1, 1, 1])
    expect(await flushedViews(id)).toBe(1)
  })

  it('gives a device its cookie at its first read, and counts its reloads with it once', async () => {
    const { id } = await publishedOrder()
    const first = await read(t.app, id)
    expect(first.json<{ views: number }>().views).toBe(1)
    const cookie = first.cookies.find((one) => one.name === VIEWER_COOKIE)
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: `${V1}/orders`,
      maxAge: 365 * 24 * 3600,
    })
    // From elsewhere with it (a phone moves between networks): still the same device.
    expect(await reloads(id, { device: cookie!.value, address: '10.20.9.9' }, 4)).toEqual([1, 1, 1, 1])
    const again = await read(t.app, id, { device: cookie!.value })
    expect(again.cookies).toEqual([])
    expect(await flushedViews(id)).toBe(1)
  })

  it('counts two devices as two, even behind one address with the same browser', async () => {
    const { id } = await publishedOrder()
    expect(await reloads(id, aDevice(), 2)).toEqual([1, 1])
    expect(await reloads(id, aDevice(), 2)).toEqual([2, 2])

    const { id: other } = await publishedOrder('Покрасить стены')
    const firstReads = [await read(t.app, other), await read(t.app, other)]
    expect(firstReads.map((answer) => answer.json<{ views: number }>().views)).toEqual([1, 1])
    const [one, two] = firstReads.map((answer) => answer.cookies[0]!.value)
    expect(one).not.toBe(two)
    // The second device, told from the first by its cookie from its next read on.
    expect(await reloads(other, { device: two! }, 2)).toEqual([2, 2])
    expect(await reloads(other, { device: one! }, 2)).toEqual([2, 2])
    expect(await flushedViews(other)).toBe(2)
  })

  it('counts a client that keeps no cookie once a day by its address and browser', async () => {
    const { id } = await publishedOrder()
    expect(await reloads(id, { address: '10.30.0.1' })).toEqual([1, 1, 1, 1, 1])
    expect(await viewsOf(t.app, id, { address: '10.30.0.2' })).toBe(2)
    expect(
      await viewsOf(t.app, id, { address: '10.30.0.1', userAgent: 'Mozilla/5.0 (Linux; Android 14)' }),
    ).toBe(3)
    expect(await flushedViews(id)).toBe(3)
  })

  it('counts a viewer again on the next day in Tashkent (UTC+5), not on the next day in UTC', async () => {
    const { id } = await publishedOrder()
    // Not signed-in people: their tokens would expire as the clock moves.
    const device = aDevice()
    const noCookies = { address: '10.30.0.1' }
    // 14:00 in Tashkent, then 23:59.
    expect([await viewsOf(t.app, id, device), await viewsOf(t.app, id, noCookies)]).toEqual([1, 2])
    t.clock.advance(9 * 3600 + 59 * 60)
    expect([await viewsOf(t.app, id, device), await viewsOf(t.app, id, noCookies)]).toEqual([2, 2])
    // Midnight in Tashkent, 19:00 the same day in UTC.
    t.clock.advance(60)
    expect([await viewsOf(t.app, id, device), await viewsOf(t.app, id, noCookies)]).toEqual([3, 4])
    expect(await reloads(id, device, 2)).toEqual([4, 4])
    expect(await flushedViews(id)).toBe(4)
  })

  it("never counts the customer's own reads, nor writes anything for them", async () => {
    const { owner, id } = await publishedOrder()
    const answers = await Promise.all([1, 2, 3].map(() => read(t.app, id, owner)))
    expect(answers.map((answer) => answer.json<{ views: number }>().views)).toEqual([0, 0, 0])
    expect(answers.flatMap((answer) => answer.cookies)).toEqual([])
    expect(await viewerRows()).toEqual([])
    expect(await flushedViews(id)).toBe(0)
  })

  it('counts a specialist who replied once, whatever they read of the order', async () => {
    const { id } = await publishedOrder()
    const specialist = await register(t, { type: 'executor' })
    expect(await viewsOf(t.app, id, specialist)).toBe(1)
    const replied = await t.call('POST', `/orders/${id}/replies`, specialist, {
      message: 'Сделаю завтра, опыт 10 лет.',
    })
    expect(replied.statusCode, replied.body).toBe(201)
    await t.call('GET', `/orders/${id}/replies`, specialist)
    expect(await reloads(id, specialist, 3)).toEqual([1, 1, 1])
    expect(await flushedViews(id)).toBe(1)
  })

  it('counts a viewer once across server processes and restarts', async () => {
    const { id } = await publishedOrder()
    const specialist = await register(t, { type: 'executor' })
    const device = aDevice()
    await reloads(id, specialist, 2)
    await reloads(id, device, 2)
    const app = await otherApp(HOUR_MS)
    try {
      expect(await reloads(id, specialist, 2, app)).toEqual([0, 0])
      expect(await reloads(id, device, 2, app)).toEqual([0, 0])
    } finally {
      await app.close()
    }
    expect(await flushedViews(id)).toBe(2)
  })

  it("does not count the page renderer's reads, nor give them a cookie", async () => {
    const { id } = await publishedOrder()
    const rendering = await t.inject({
      method: 'GET',
      url: `${V1}/orders/${id}`,
      headers: { [INTERNAL_REQUEST_HEADER]: INTERNAL_REQUEST_TOKEN },
    })
    expect(rendering.json<{ views: number }>().views).toBe(0)
    expect(rendering.cookies).toEqual([])
    expect(await viewerRows()).toEqual([])
  })

  it('keeps no viewer in clear, and forgets the days before yesterday at a flush', async () => {
    const { id } = await publishedOrder()
    const specialist = await register(t, { type: 'executor' })
    const device = randomToken()
    await viewsOf(t.app, id, specialist)
    await viewsOf(t.app, id, { device })
    await viewsOf(t.app, id, { address: '10.40.0.1' })
    const rows = await viewerRows()
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      expect(row).toMatchObject({
        day: '2026-11-21',
        orderId: id,
        viewer: expect.stringMatching(/^[\w-]{43}$/),
      })
      expect(row.viewer).not.toBe(device)
    }

    const days = async () => [...new Set((await viewerRows()).map((row) => row.day))].sort()
    t.clock.advance(24 * 3600)
    await viewsOf(t.app, id, { device })
    expect(await flushedViews(id)).toBe(4)
    expect(await days()).toEqual(['2026-11-21', '2026-11-22'])
    t.clock.advance(24 * 3600)
    await viewsOf(t.app, id, { device })
    expect(await flushedViews(id)).toBe(5)
    expect(await days()).toEqual(['2026-11-22', '2026-11-23'])
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
