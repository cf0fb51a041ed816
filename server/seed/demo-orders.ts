import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import { DEMO_USERS } from '#server/seed/demo-users.ts'

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
const DEMO_ORDERS: DemoOrder[] = [
  {
    category: 'domashniy-personal',
    service: 'uborka',
    name: 'Генеральная уборка трёхкомнатной квартиры',
    place: 'at_customer',
    area: 'Чиланзарский район, Ташкент',
    address: '9-й квартал, дом 14, кв. 21',
    at: [41.2856, 69.2043],
    inDays: 2,
    price: 600_000,
    wishes: 'Нужны свои средства для уборки.',
  },
  {
    category: 'mastera-po-remontu',
    service: 'elektrika',
    name: 'Заменить проводку на кухне',
    place: 'at_customer',
    area: 'Юнусабадский район, Ташкент',
    address: '4-й квартал, дом 7, кв. 3',
    at: [41.3634, 69.2857],
    inDays: 3,
    price: [500_000, 800_000],
  },
  {
    category: 'mastera-po-remontu',
    service: 'santekhnika',
    name: 'Поменять смеситель в ванной',
    place: 'at_customer',
    area: 'Мирзо-Улугбекский район, Ташкент',
    address: 'улица Буюк Ипак Йули, 120',
    at: [41.3262, 69.3343],
    inDays: 1,
    price: [null, 250_000],
  },
  {
    category: 'obrazovanie-i-repetitorstvo',
    service: 'ielts',
    name: 'Подготовка к IELTS на 7.0, два раза в неделю',
    place: 'online',
    inDays: 5,
    price: [150_000, 250_000],
  },
  {
    category: 'bukhgaltery-i-yuristy',
    service: 'yuristy',
    name: 'Проверить договор аренды офиса',
    place: 'online',
    inDays: 4,
    price: 400_000,
  },
  {
    category: 'gruzoperevozki-i-pereezdy',
    service: 'kvartirnyy-pereezd',
    name: 'Переезд из двухкомнатной квартиры, 3 этаж без лифта',
    place: 'at_customer',
    area: 'Самарканд',
    address: 'улица Регистан, 5',
    at: [39.6547, 66.9758],
    inDays: 6,
    price: [1_000_000, 1_500_000],
  },
  {
    category: 'remont-bytovoy-tekhniki',
    service: 'konditsionery',
    name: 'Почистить и заправить два кондиционера',
    place: 'at_customer',
    area: 'Бухара',
    address: 'улица Накшбанди, 12',
    at: [39.7747, 64.4286],
    inDays: 2,
    price: 350_000,
  },
  {
    category: 'krasota-i-ukhod',
    service: 'manikyur-i-pedikyur',
    name: 'Маникюр с покрытием',
    place: 'at_executor',
    area: 'Яккасарайский район, Ташкент',
    at: [41.2827, 69.2549],
    inDays: 1,
    price: [null, 150_000],
  },
  {
    category: 'it-i-dizayn',
    service: 'telegram-boty',
    name: 'Telegram-бот для записи клиентов в салон',
    place: 'online',
    inDays: 7,
    price: [2_000_000, 4_000_000],
  },
  {
    category: 'stroitelstvo-i-remont',
    service: 'ukladka-plitki',
    name: 'Уложить плитку в ванной, 12 м²',
    place: 'at_customer',
    area: 'Наманган',
    address: 'улица Навои, 40',
    at: [40.9983, 71.6726],
    inDays: 8,
    price: [1_200_000, 1_800_000],
  },
]

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
  for (const [index, order] of DEMO_ORDERS.entries()) {
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
