import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { calendarFeeds } from '#server/db/schema/workday.ts'
import { act } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { acceptedOrder, chosen, openOrder, PLACE, step } from '#tests/helpers/workday.ts'

/**
 * The specialist's working day (docs/decisions/031-workday.md): their job list, the busy time an accepted order puts
 * in their calendar, and the private calendar feed.
 */
const t = useTestApp({ catalogue: true })

type Job = {
  id: number
  address: string | null
  landmark: string | null
  contact: { phone: string; role: string } | null
  progress: { step: string }[]
}
const WEEK = 'from=2026-11-21T19:00:00.000Z&to=2026-11-28T19:00:00.000Z'
const jobs = (caller: Caller | null, query: string) => send(t, 'GET', `/executor/jobs?${query}`, caller)
const at = (day: string, hour = '05') => ({
  started_at: `2026-${day}T${hour}:00:00.000Z`,
  ended_at: `2026-${day}T${String(Number(hour) + 2).padStart(2, '0')}:00:00.000Z`,
})

describe('GET /executor/jobs', () => {
  it('lists only the caller’s accepted orders in the window, earliest first, page by page', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const other = await user(t, 'executor')
    const later = await acceptedOrder(t, customer, me, at('11-24'))
    const sooner = await acceptedOrder(t, customer, me, at('11-22'))
    await acceptedOrder(t, customer, me, at('12-20'))
    await acceptedOrder(t, customer, other, at('11-23'))
    await openOrder(t, customer, at('11-23'))
    const awaiting = await openOrder(t, customer, at('11-23'))
    await chosen(t, awaiting.id, customer, me)
    const cancelled = await acceptedOrder(t, customer, me, at('11-25'))
    await act(t, cancelled.id, 'cancel', customer)
    await step(t, sooner.id, me, { step: 'on_my_way', eta_minutes: 30 })

    const first = await jobs(me, `${WEEK}&perPage=1`)
    expect(first.statusCode, first.body).toBe(200)
    const page1 = first.json<{ collection: Job[]; meta: { next_cursor: string | null } }>()
    expect(page1.collection.map((job) => job.id)).toEqual([sooner.id])
    expect(page1.collection[0]).toMatchObject({
      address: PLACE.address,
      landmark: PLACE.landmark,
      lat: PLACE.lat,
      lng: PLACE.lng,
      location_exact: true,
      area: PLACE.area,
      price: 20_000_000,
      status: 'in_progress',
      contact: { role: 'customer', phone: customer.phone },
      progress: [{ step: 'on_my_way', eta_minutes: 30 }],
    })
    const cursor = encodeURIComponent(page1.meta.next_cursor!)
    const page2 = (await jobs(me, `${WEEK}&perPage=1&cursor=${cursor}`)).json<typeof page1>()
    expect(page2.collection.map((job) => job.id)).toEqual([later.id])
    expect(page2.meta.next_cursor).toBeNull()
    const all = (await jobs(me, WEEK)).json<typeof page1>()
    expect(all.collection.map((job) => job.id)).toEqual([sooner.id, later.id])
  })

  it('answers 401 to a guest, 403 to a customer, and 400 to a window that is backwards, too long or not a time', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    expect((await jobs(null, WEEK)).statusCode).toBe(401)
    const refused = await jobs(customer, WEEK)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'only_executors_work' } })
    for (const query of [
      'from=2026-11-28T00:00:00Z&to=2026-11-21T00:00:00Z',
      'from=2026-11-01T00:00:00Z&to=2026-12-05T00:00:00Z',
      'from=tomorrow&to=2026-11-21T00:00:00Z',
      'to=2026-11-21T00:00:00Z',
      `${WEEK}&cursor=bm90LWEta2V5`,
      `${WEEK}&perPage=500`,
    ]) {
      const answer = await jobs(me, query)
      expect(answer.statusCode, query).toBe(400)
    }
  })
})

describe('the calendar of a specialist', () => {
  const busyOf = async (executor: Caller) =>
    (await send(t, 'GET', `/profile/${executor.id}/calendar?from=2026-11-21&to=2026-11-30`, null)).json<{
      busy: { started_at: string; ended_at: string }[]
    }>().busy

  it('shows the specialist busy for an accepted job, and free again once it is cancelled', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const order = await openOrder(t, customer, at('11-22'))
    await chosen(t, order.id, customer, me)
    expect(await busyOf(me)).toEqual([])
    await act(t, order.id, 'accept', me)
    expect(await busyOf(me)).toEqual([
      { started_at: '2026-11-22T05:00:00.000Z', ended_at: '2026-11-22T07:00:00.000Z' },
    ])
    const own = await send(t, 'GET', `/profile/${me.id}/calendar?from=2026-11-21&to=2026-11-30`, me)
    expect(own.json()).toMatchObject({ collection: [{ title: expect.stringContaining('Повесить люстру') }] })
    await act(t, order.id, 'cancel', customer)
    expect(await busyOf(me)).toEqual([])
  })
})

describe('the private calendar feed', () => {
  const feedUrl = async (caller: Caller) => {
    const created = await send(t, 'POST', '/profile/calendar-feed', caller)
    expect(created.statusCode, created.body).toBe(200)
    return created.json<{ url: string; webcal_url: string }>()
  }
  const read = (url: string) => t.inject({ method: 'GET', url: new URL(url).pathname })

  it('lists exactly the specialist’s accepted jobs, privately, and no customer’s phone or name', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const other = await user(t, 'executor')
    const mine = await acceptedOrder(t, customer, me, { ...at('11-22'), name: 'Мой заказ сантехника' })
    await acceptedOrder(t, customer, other, { ...at('11-22'), name: 'Чужой заказ плиточника' })
    await openOrder(t, customer, { ...at('11-23'), name: 'Открытый заказ маляра' })
    const cancelled = await acceptedOrder(t, customer, me, { ...at('11-24'), name: 'Отменённый заказ окон' })
    await act(t, cancelled.id, 'cancel', customer)

    const { url, webcal_url } = await feedUrl(me)
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(webcal_url).toBe(url.replace(/^http:/, 'webcal:'))
    const feed = await read(url)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/)
    expect(feed.headers['cache-control']).toMatch(/^private/)
    const body = feed.body.replace(/\r\n[ \t]/g, '')
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(body).toContain(`UID:order-${mine.id}@fika`)
    expect(body).toContain('Мой заказ сантехника')
    expect(body).toContain('DTSTART:20261122T050000Z')
    expect(body).toContain('синие ворота')
    expect(body).not.toContain(customer.phone)
    for (const absent of ['Чужой', 'Открытый', 'Отменённый']) expect(body).not.toContain(absent)
  })

  it('needs its token: a wrong one is not found, a reset or revoked one stops working at once', async () => {
    const me = await user(t, 'executor')
    const first = await feedUrl(me)
    expect((await read(first.url)).statusCode).toBe(200)
    // Kept only as its SHA-256: the database cannot open anyone's feed.
    const token = new URL(first.url).pathname.split('/').at(-1)!.replace('.ics', '')
    const [stored] = await t.db.db.select().from(calendarFeeds)
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect((await t.inject({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` })).statusCode).toBe(
      404,
    )
    expect((await t.inject({ method: 'GET', url: '/api/calendar/short.ics' })).statusCode).toBe(404)
    const second = await feedUrl(me)
    expect(second.url).not.toBe(first.url)
    expect((await read(first.url)).statusCode).toBe(404)
    expect((await read(second.url)).statusCode).toBe(200)
    expect((await send(t, 'DELETE', '/profile/calendar-feed', me)).statusCode).toBe(200)
    expect((await read(second.url)).statusCode).toBe(404)
    // Only specialists have a feed; a guest has none to ask for.
    expect((await send(t, 'POST', '/profile/calendar-feed', await user(t, 'customer'))).statusCode).toBe(403)
    expect((await send(t, 'POST', '/profile/calendar-feed', null)).statusCode).toBe(401)
  })
})
