import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { MAP_CELL_LIMIT } from '#contract/schemas/orders.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const MAP_STYLE_URL = 'https://tiles.example.com/styles/streets.json'
const t = useTestApp({ catalogue: true, config: { MAP_STYLE_URL } })

const get = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `${V1}${url}`, headers })

async function serviceId() {
  const response = await get('/categories/mastera-po-remontu/restnew/elektrika')
  return response.json<{ id: number }>().id
}

/** Publishes orders of one customer; each is named so a test can say which ones a filter keeps. */
async function publish(...overrides: Record<string, unknown>[]) {
  const customer = await register(t, { type: 'customer' })
  const services = [await serviceId()]
  for (const override of overrides) {
    const response = await t.inject({
      method: 'POST',
      url: `${V1}/orders`,
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { services, at_customer: true, lat: 41.3, lng: 69.25, ...override },
    })
    expect(response.statusCode, JSON.stringify(response.json())).toBe(201)
  }
}

const names = async (query: string) => {
  const response = await get(`/orders?${query}`)
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200)
  return response
    .json<{ collection: { name: string }[] }>()
    .collection.map((order) => order.name)
    .sort()
}

describe('GET /orders filters', () => {
  it('keeps the orders whose price or price range overlaps price_from..price_to (tiyin)', async () => {
    await publish(
      { name: 'Fixed 300 000', price: 30_000_000 },
      { name: 'Range 500 000-800 000', price_min: 50_000_000, price_max: 80_000_000 },
      { name: 'From 1 000 000', price_min: 100_000_000 },
      { name: 'Up to 200 000', price_max: 20_000_000 },
      { name: 'No price' },
    )
    expect(await names('price_from=40000000&price_to=60000000')).toEqual(['Range 500 000-800 000'])
    expect(await names('price_to=25000000')).toEqual(['Up to 200 000'])
    expect(await names('price_from=90000000')).toEqual(['From 1 000 000'])
    expect(await names('price_from=25000000&price_to=35000000')).toEqual(['Fixed 300 000'])
    expect(await names('')).toHaveLength(5)
  })

  it("keeps the orders that start on the days date_from..date_to, both included, in Tashkent's time", async () => {
    await publish(
      { name: 'Nov 25 morning', started_at: '2026-11-25T04:00:00.000Z' },
      // 20:30 UTC is 01:30 on the next day in Tashkent.
      { name: 'Nov 26 night', started_at: '2026-11-25T20:30:00.000Z' },
      { name: 'Dec 1', started_at: '2026-12-01T09:00:00.000Z' },
      { name: 'Any day' },
    )
    expect(await names('date_from=2026-11-26')).toEqual(['Dec 1', 'Nov 26 night'])
    expect(await names('date_to=2026-11-25')).toEqual(['Nov 25 morning'])
    expect(await names('date_from=2026-11-25&date_to=2026-11-26')).toEqual(['Nov 25 morning', 'Nov 26 night'])
  })

  it('keeps the orders of one work place', async () => {
    await publish(
      { name: 'Online lesson', is_online: true, at_customer: false },
      { name: 'At my home', at_customer: true },
      { name: 'At the workshop', at_customer: false, at_executor: true },
    )
    expect(await names('place=online')).toEqual(['Online lesson'])
    expect(await names('place=at_customer')).toEqual(['At my home'])
    expect(await names('place=at_executor')).toEqual(['At the workshop'])
  })

  it('combines the filters with the tab and the service', async () => {
    await publish(
      { name: 'Cheap online', is_online: true, price: 10_000_000 },
      { name: 'Dear online', is_online: true, price: 90_000_000 },
      { name: 'Cheap at home', price: 10_000_000 },
    )
    expect(await names(`service=${await serviceId()}&place=online&price_to=20000000`)).toEqual([
      'Cheap online',
    ])
    // Closed orders are nobody's list but their parties'.
    expect((await get('/orders?tab=completed&place=online')).statusCode).toBe(403)
  })

  const CHECK_DATA = ['invalid_request', 'Check the data you entered', 'Киритилган маълумотларни текширинг']
  const PRICE = [
    'price_invalid',
    "Enter the price as a whole number from 0 to 10 000 000 000 so'm",
    'Нархни 0 дан 10 000 000 000 сўмгача бутун сон билан киритинг',
  ]
  const DATE = ['date_invalid', 'The date or time is not valid', 'Сана ёки вақт нотўғри']
  it.each([
    ['price_from=abc', 'price_from', PRICE],
    ['price_to=-5', 'price_to', PRICE],
    ['price_to=99999999999999999999', 'price_to', PRICE],
    ['price_from=500&price_to=100', 'price_to', CHECK_DATA],
    ['date_from=2026-13-01', 'date_from', DATE],
    ['date_to=tomorrow', 'date_to', DATE],
    ['date_from=2026-12-02&date_to=2026-12-01', 'date_to', CHECK_DATA],
    ['place=moon', 'place', CHECK_DATA],
  ])('refuses %s with a localized field message', async (query, field, [code, en, uz]) => {
    const response = await get(`/orders?${query}`, { 'accept-language': 'en' })
    expect(response.statusCode).toBe(400)
    const { error } = response.json<{ error: { code: string; message: string; fields?: object } }>()
    expect(error).toMatchObject({ code, message: en })
    expect(Object.keys(error.fields ?? {})).toContain(field)
    const inUzbek = await get(`/orders?${query}`, { 'accept-language': 'uz' })
    expect(inUzbek.json().error.message).toBe(uz)
  })
})

type MapAnswer = {
  collection: { id: number; name: string; lat: number; lng: number }[]
  areas: { lat: number; lng: number; count: number }[]
}

describe('GET /orders/map', () => {
  const TASHKENT_BOX = '69.1,41.2,69.4,41.4'

  it('answers the open orders in the box as markers with only what a marker needs', async () => {
    await publish(
      { name: 'Chilanzar', lat: 41.285, lng: 69.204, price_min: 50_000_000, price_max: 80_000_000 },
      { name: 'Yunusabad', lat: 41.366, lng: 69.289 },
      { name: 'Samarkand', lat: 39.654, lng: 66.96 },
      { name: 'Online, no place', is_online: true, at_customer: false, lat: null, lng: null },
    )
    const response = await get(`/orders/map?bbox=${TASHKENT_BOX}`)
    expect(response.statusCode).toBe(200)
    const answer = response.json<MapAnswer>()
    expect(answer.areas).toEqual([])
    expect(answer.collection.map((order) => order.name).sort()).toEqual(['Chilanzar', 'Yunusabad'])
    // The map is public: a marker stands at the order's area (two decimals, about a kilometre), not its door.
    expect(answer.collection.find((order) => order.name === 'Chilanzar')).toEqual({
      id: expect.any(Number),
      name: 'Chilanzar',
      lat: 41.29,
      lng: 69.2,
      price: null,
      price_min: 50_000_000,
      price_max: 80_000_000,
    })
  })

  it('leaves out orders that are not open and direct orders', async () => {
    await publish({ name: 'Open' }, { name: 'Canceled' }, { name: 'Direct' })
    await t.db.db.execute(sql`update orders set status = 'canceled' where name = 'Canceled'`)
    await t.db.db.execute(sql`update orders set is_direct = true where name = 'Direct'`)
    const answer = (await get(`/orders/map?bbox=${TASHKENT_BOX}`)).json<MapAnswer>()
    expect(answer.collection.map((order) => order.name)).toEqual(['Open'])
  })

  it('answers a crowded part of the box as one area with its count, the rest as markers', async () => {
    const crowd = Array.from({ length: MAP_CELL_LIMIT + 5 }, (_, index) => ({
      name: `Crowd ${index}`,
      lat: 41.31 + index * 0.0001,
      lng: 69.26,
    }))
    await publish(...crowd, { name: 'Alone', lat: 41.21, lng: 69.11 })
    const answer = (await get(`/orders/map?bbox=${TASHKENT_BOX}`)).json<MapAnswer>()
    expect(answer.collection.map((order) => order.name)).toEqual(['Alone'])
    expect(answer.areas).toHaveLength(1)
    expect(answer.areas[0]).toMatchObject({ count: MAP_CELL_LIMIT })
    expect(answer.areas[0]!.lat).toBeCloseTo(41.311, 2)
    // Zoomed in on the crowd, the same orders come as markers.
    const close = (await get('/orders/map?bbox=69.259,41.309,69.2615,41.3135')).json<MapAnswer>()
    expect(close.areas).toEqual([])
    expect(close.collection).toHaveLength(MAP_CELL_LIMIT + 5)
  })

  it('filters the map by service', async () => {
    await publish({ name: 'Wiring' })
    expect(
      (await get(`/orders/map?bbox=${TASHKENT_BOX}&service=${await serviceId()}`)).json<MapAnswer>()
        .collection,
    ).toHaveLength(1)
    expect(
      (await get(`/orders/map?bbox=${TASHKENT_BOX}&service=999999`)).json<MapAnswer>().collection,
    ).toEqual([])
  })

  it.each(['', 'bbox=1,2,3', 'bbox=69.4,41.2,69.1,41.4', 'bbox=a,b,c,d', 'bbox=0,-95,10,10'])(
    'refuses the box %s with bbox_invalid',
    async (query) => {
      const response = await get(`/orders/map?${query}`, { 'accept-language': 'en' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'bbox_invalid',
        message: 'The map area is not valid',
        fields: { bbox: ['The map area is not valid'] },
      })
    },
  )
})

describe('GET /settings', () => {
  it('tells the web app the configured map style (MAP_STYLE_URL)', async () => {
    const response = await get('/settings')
    expect(response.json()).toMatchObject({ map_style_url: MAP_STYLE_URL })
  })
})
