import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import type { Order } from '#contract/schemas/orders.ts'
import { seedDemoUsers } from '#server/seed/demo-users.ts'
import { seedDemoOrders } from '#server/seed/demo-orders.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })
const NOW = new Date('2026-11-21T09:00:00.000Z')

const openOrders = async () =>
  (await t.inject({ method: 'GET', url: `${V1}/orders?perPage=100` })).json<{ collection: Order[] }>()
    .collection

describe('the demo orders of npm start', () => {
  it('gives a fresh database ten open orders of the demo customer, starting later, most of them on the map', async () => {
    await seedDemoUsers(t.db.db)
    expect(await seedDemoOrders(t.db.db, NOW)).toBe(10)

    const orders = await openOrders()
    expect(orders).toHaveLength(10)
    expect(new Set(orders.map((order) => order.customer_id)).size).toBe(1)
    expect(orders.every((order) => order.started_at && new Date(order.started_at) > NOW)).toBe(true)
    expect(orders.filter((order) => order.lat !== null && order.lng !== null)).toHaveLength(7)
    const bukhara = await t.inject({ method: 'GET', url: `${V1}/orders/map?bbox=64.3,39.7,64.5,39.85` })
    expect(
      bukhara.json<{ collection: { name: string }[] }>().collection.map((marker) => marker.name),
    ).toEqual(['Почистить и заправить два кондиционера'])
  })

  it('adds nothing to a database that has orders, or that has no demo customer', async () => {
    expect(await seedDemoOrders(t.db.db, NOW)).toBe(0)
    await seedDemoUsers(t.db.db)
    await seedDemoOrders(t.db.db, NOW)
    expect(await seedDemoOrders(t.db.db, NOW)).toBe(0)
    expect(await openOrders()).toHaveLength(10)
  })
})
