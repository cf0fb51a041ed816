import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { createOrderCards } from '#server/modules/orders/order-cards.ts'
import type { VersionedOrderRow } from '#server/modules/orders/repository.ts'

/** Order cards are kept per version of their row (server/modules/orders/order-cards.ts). */
const t = useTestApp({ catalogue: true })
const BOX = '69.1,41.2,69.4,41.4'

type Card = { id: number; name: string; views: number; replies_count: number; price: number | null }
const cards = async (path: string) => {
  const response = await t.call('GET', path, null)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  return response.json<{ collection: Card[]; meta: { total: number } }>()
}

describe('the cards of order lists', () => {
  it('show every change of an order on the very next read, however it was written', async () => {
    const { token } = await register(t, { type: 'customer' })
    const body = { services: [1], name: 'Покрасить забор', at_customer: true, lat: 41.31, lng: 69.28 }
    const posted = await t.call('POST', '/orders', { token }, { ...body, price: 5_000_000 })
    expect(posted.statusCode, posted.body).toBe(201)
    const { id } = posted.json<{ id: number }>()
    const lists = ['/orders?tab=open', `/orders?tab=open&bbox=${BOX}`, '/orders?tab=open&service=1']
    const cardIn = async (path: string) => (await cards(path)).collection.find((card) => card.id === id)
    for (const path of lists) expect(await cardIn(path)).toMatchObject({ name: 'Покрасить забор' })

    // Outside the app, as an operator or a migration would.
    await t.db.db.execute(sql`update orders set name = 'Покрасить ворота', views = 40 where id = ${id}`)
    for (const path of lists)
      expect(await cardIn(path)).toMatchObject({ name: 'Покрасить ворота', views: 40 })
    // Through the app: a reply counts on the card.
    const executor = await register(t, { type: 'executor' })
    await t.call('POST', `/orders/${id}/replies`, { token: executor.token }, { message: 'Покрашу за день.' })
    for (const path of lists) expect(await cardIn(path)).toMatchObject({ replies_count: 1 })
    const edited = await t.call('POST', `/orders/${id}`, { token }, { ...body, price: 7_000_000 })
    expect(edited.statusCode, edited.body).toBe(200)
    for (const path of lists) expect(await cardIn(path)).toMatchObject({ price: 7_000_000 })
    // Deleted: gone from every list.
    await t.db.db.execute(sql`delete from orders where id = ${id}`)
    for (const path of lists) expect(await cardIn(path)).toBeUndefined()
  })

  it('read only the orders not kept at their version, and keep a bounded number', async () => {
    let version = 'v1'
    const asked: number[][] = []
    const rowsOf = async (ids: number[]) => {
      asked.push(ids)
      return ids.map((id) => ({ ...orderRow(id), version }))
    }
    const kept = createOrderCards(rowsOf, 2)
    const entry = (id: number) => ({ id, version, customerId: 1, executorId: null })
    const names = async (ids: number[]) =>
      (await kept.json(ids.map(entry), undefined)).map((json) => JSON.parse(json.toString()).name)

    expect(await names([1, 2])).toEqual(['Заказ 1', 'Заказ 2'])
    expect(await names([2, 1])).toEqual(['Заказ 2', 'Заказ 1'])
    expect(asked).toEqual([[1, 2]])
    // A third pushes out the least recently used (2, then 1 was read last).
    await names([3])
    await names([1, 2])
    expect(asked.at(-1)).toEqual([2])
    version = 'v2'
    await names([1])
    expect(asked.at(-1)).toEqual([1])
    // The customer's own card is never taken from or put among the kept ones.
    asked.length = 0
    await kept.json([{ id: 1, version, customerId: 7, executorId: null }], 7)
    await kept.json([{ id: 1, version, customerId: 7, executorId: null }], 7)
    expect(asked).toEqual([[1], [1]])
  })
})

function orderRow(id: number): Omit<VersionedOrderRow, 'version'> {
  const at = new Date('2026-11-25T09:00:00.000Z')
  return {
    id,
    status: 'open',
    customerId: 1,
    executorId: null,
    services: [1],
    categoryId: 1,
    name: `Заказ ${id}`,
    description: null,
    isOnline: false,
    atCustomer: true,
    atExecutor: false,
    area: null,
    districtId: null,
    address: null,
    lat: 41.31,
    lng: 69.28,
    startedAt: null,
    endedAt: null,
    price: null,
    priceMin: null,
    priceMax: null,
    wishes: null,
    photos: [],
    views: 0,
    repliesCount: 0,
    isDirect: false,
    idempotencyKey: null,
    chosenAt: null,
    createdAt: at,
    updatedAt: at,
  } as unknown as Omit<VersionedOrderRow, 'version'>
}
