// The demo customer's open orders (demo-orders.json), written on an empty database so a fresh start has
// lists and a map.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import { DEMO_USERS } from '#server/seed/demo-users.ts'

/** One of the demo customer's open orders, as demo-orders.json writes it. */
type DemoOrder = {
  category: string
  service: string
  name: string
  place: 'at_customer' | 'at_executor' | 'online'
  /** District and city, which everyone sees. */
  area?: string
  /** Street, house, flat: for the customer and the accepted specialist only. */
  address?: string
  at?: [lat: number, lng: number]
  inDays: number
  /** So'm: one price, or a range [min, max], or [null, max] for "up to". */
  price: number | [number | null, number]
  wishes?: string
}

/** Open orders of the demo customer in several cities, so a fresh `npm start` has lists and a map to look at. */
const ORDERS_FILE = fileURLToPath(new URL('demo-orders.json', import.meta.url))
const loadDemoOrders = async () =>
  (JSON.parse(await readFile(ORDERS_FILE, 'utf8')) as { orders: DemoOrder[] }).orders

const DAY_MS = 24 * 3600 * 1000
const TIYIN_PER_SOM = 100

/**
 * Adds the demo orders when the database has none and the demo customer exists (see seedDemoUsers); never in
 * production. Services the catalogue no longer has are skipped.
 */
export async function seedDemoOrders(db: Database, now: Date): Promise<number> {
  if ((await db.select({ id: orders.id }).from(orders).limit(1)).length > 0) return 0
  const customerPhone = DEMO_USERS.find((user) => user.type === 'customer')!.phone
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.phone, customerPhone))
  if (!customer) return 0
  let added = 0
  for (const [index, order] of (await loadDemoOrders()).entries()) {
    const [service] = await db
      .select({ id: services.id, categoryId: services.categoryId })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .where(and(eq(categories.slug, order.category), eq(services.slug, order.service)))
    if (!service) continue
    const [min, max] = Array.isArray(order.price) ? order.price : [null, null]
    // 10:00 in Tashkent (UTC+5, no daylight saving) on the order's day.
    const startedAt = new Date(now.getTime() + order.inDays * DAY_MS)
    startedAt.setUTCHours(5, 0, 0, 0)
    const createdAt = new Date(now.getTime() - index * 3600_000)
    await db.insert(orders).values({
      customerId: customer.id,
      services: [service.id],
      categoryId: service.categoryId,
      name: order.name,
      isOnline: order.place === 'online',
      atCustomer: order.place === 'at_customer',
      atExecutor: order.place === 'at_executor',
      area: order.area ?? null,
      address: order.address ?? null,
      lat: order.at?.[0] ?? null,
      lng: order.at?.[1] ?? null,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 3 * 3600_000),
      price: Array.isArray(order.price) ? null : order.price * TIYIN_PER_SOM,
      priceMin: min === null ? null : min * TIYIN_PER_SOM,
      priceMax: max === null ? null : max * TIYIN_PER_SOM,
      wishes: order.wishes ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    added++
  }
  return added
}
