// What one demo specialist gets written besides their account: the profile, the prices of their services, works and
// certificates with pictures, busy times, and completed orders of the demo customer with reviews. Each part is one
// step of seedDemoSpecialists (server/seed/demo-specialists.ts), in the order it runs them.
import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orders, reviews } from '#server/db/schema/orders.ts'
import {
  calendarEvents,
  documents,
  specialities,
  specialityServices,
  works,
} from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { BUSY_TITLES, CATEGORY_TEXT, CITIES, REVIEWS, type DemoPerson } from './demo-specialists-data.ts'

const DAY_MS = 24 * 3600 * 1000
const TIYIN_PER_SOM = 100
/** Tashkent is UTC+5 all year. */
const TASHKENT_OFFSET_MS = 5 * 3600 * 1000

type Storage = { save(folder: string, bytes: Buffer, extension: string): Promise<string> }

/** A catalogue service a specialist offers. */
export type ServiceLine = { id: number; categoryId: number }

/** What every part needs: the database, the uploads storage, the time, and the seed's shared lookups. */
export type SeedContext = {
  db: Database
  storage: Storage
  now: Date
  /** A portfolio picture's bytes by name (server/seed/portfolio/<name>.webp), read once. */
  picture(name: string): Promise<Buffer>
  districtId: Map<string, number>
  /** The demo customer, when the demo accounts exist. */
  customerId: number | undefined
  /** The next of the reviews, in turn across all the specialists. */
  nextReview(): [number, string]
}

/** The specialist being written: who, their place in the list, their account and their services. */
export type Specialist = { person: DemoPerson; index: number; userId: number; lines: ServiceLine[] }

/** A round price in so'm between the category's bounds, different for each person and service. */
function priceRange(category: string, person: number, line: number): [number, number] {
  const [low, high] = CATEGORY_TEXT[category]!.price
  const step = (high - low) / 10
  const from = Math.round((low + step * ((person + line * 3) % 6)) / 10_000) * 10_000
  return [from, Math.round((from + step * (2 + (line % 3))) / 10_000) * 10_000]
}

/** The day `days` from now at `hour` o'clock in Tashkent. */
function tashkentAt(now: Date, days: number, hour: number) {
  const local = new Date(now.getTime() + TASHKENT_OFFSET_MS + days * DAY_MS)
  local.setUTCHours(hour, 0, 0, 0)
  return new Date(local.getTime() - TASHKENT_OFFSET_MS)
}

/** "1 год", "3 года", "12 лет": the Russian word for years after a number. */
function yearsWord(years: number) {
  if (years % 10 === 1 && years !== 11) return 'год'
  return years % 10 >= 2 && years % 10 <= 4 && (years < 12 || years > 14) ? 'года' : 'лет'
}

/** The profile: gender, verification, about, languages, districts, where they work, a discount on a few. */
export async function writeProfile(context: SeedContext, { person, index, userId }: Specialist) {
  const { category, years } = person
  const cyrillic = /[а-яё]/i.test(person.name)
  const pool = CITIES[person.city]
  const districtCodes = [0, 1, 2]
    .slice(0, 1 + (index % 3))
    .map((step) => pool[(index + step * 2) % pool.length]!)
  await context.db
    .update(users)
    .set({
      gender: person.gender,
      verification: person.verification,
      about: `${CATEGORY_TEXT[category]!.about} Опыт — ${years} ${yearsWord(years)}.`,
      languages: cyrillic ? ['ru', 'uz'] : index % 2 === 0 ? ['uz', 'ru', 'en'] : ['uz', 'ru'],
      districtIds: [...new Set(districtCodes)]
        .map((code) => context.districtId.get(code))
        .filter((id) => id !== undefined),
      worksRemotely: [
        'it-i-dizayn',
        'perevodchiki',
        'bukhgaltery-i-yuristy',
        'obrazovanie-i-repetitorstvo',
      ].includes(category),
      acceptsAtOwnPlace: ['krasota-i-ukhod', 'avtouslugi', 'obrazovanie-i-repetitorstvo'].includes(category),
      discountPercent: index % 7 === 3 ? 10 + (index % 3) * 5 : 0,
      discountText: index % 7 === 3 ? 'Скидка на первый заказ через Fika' : null,
      lastSeenAt: new Date(context.now.getTime() - (index % 10) * 3600_000),
      createdAt: new Date(context.now.getTime() - (60 + index * 7) * DAY_MS),
    })
    .where(eq(users.id, userId))
}

/** The speciality of their category and a price for each of its services they offer. */
export async function writePrices({ db }: SeedContext, { person, index, userId, lines }: Specialist) {
  const [speciality] = await db
    .insert(specialities)
    .values({ userId, categoryId: lines[0]!.categoryId })
    .returning({ id: specialities.id })
  await db.insert(specialityServices).values(
    lines.map((row, line) => {
      const [from, to] = priceRange(person.category, index, line)
      return {
        specialityId: speciality!.id,
        userId,
        serviceId: row.id,
        priceFrom: from * TIYIN_PER_SOM,
        // Every third line gives only a starting price ("from …").
        priceTo: line % 3 === 2 ? null : to * TIYIN_PER_SOM,
      }
    }),
  )
}

/** One to three works, each with one or two pictures of the category; a certificate for the verified ones. */
export async function writeWorksAndDocuments(context: SeedContext, { person, index, userId }: Specialist) {
  const { db, storage, picture } = context
  const text = CATEGORY_TEXT[person.category]!
  for (let work = 0; work < 1 + (index % 3); work++) {
    const photos: string[] = []
    for (let photo = 0; photo < 1 + ((index + work) % 2); photo++)
      photos.push(
        await storage.save('works', await picture(`${person.category}-${1 + ((work + photo) % 2)}`), 'webp'),
      )
    await db.insert(works).values({
      userId,
      title: text.works[work % text.works.length]!,
      description: work === 0 ? 'Фото с объекта, работа выполнена в срок.' : null,
      photos,
      position: work,
    })
  }
  if (person.verification < 2) return
  await db.insert(documents).values({
    userId,
    name: index % 2 === 0 ? 'Диплом о профессиональном образовании' : 'Сертификат о повышении квалификации',
    description: `Выдан в ${2026 - person.years + 1} году.`,
    files: [await storage.save('documents', await picture(`certificate-${1 + (index % 2)}`), 'webp')],
  })
}

/** A weekly busy time on a weekday, and a one-off in the next days (titles are private, the times are not). */
export async function writeBusyTimes({ db, now }: SeedContext, { index, userId }: Specialist) {
  const weekday = tashkentAt(now, 1 + (index % 5), 9 + (index % 4))
  await db.insert(calendarEvents).values([
    {
      userId,
      title: BUSY_TITLES[index % BUSY_TITLES.length]!,
      startedAt: weekday,
      endedAt: new Date(weekday.getTime() + 3 * 3600_000),
      period: 'weekly',
    },
    {
      userId,
      title: BUSY_TITLES[(index + 2) % BUSY_TITLES.length]!,
      startedAt: tashkentAt(now, 6 + (index % 3), 14),
      endedAt: tashkentAt(now, 6 + (index % 3), 18),
      period: 'once',
    },
  ])
}

/** Two of three specialists have done one to three orders of the demo customer, each reviewed. */
export async function writeReviewedOrders(
  context: SeedContext,
  { person, index, userId, lines }: Specialist,
) {
  const { db, now, customerId } = context
  if (!customerId || index % 3 === 2) return
  const text = CATEGORY_TEXT[person.category]!
  for (let done = 0; done < 1 + (index % 3) + (index % 2); done++) {
    const service = lines[done % lines.length]!
    const [from] = priceRange(person.category, index, done)
    const startedAt = tashkentAt(now, -(10 + done * 9 + index), 10)
    const [order] = await db
      .insert(orders)
      .values({
        status: 'completed',
        customerId,
        executorId: userId,
        services: [service.id],
        categoryId: service.categoryId,
        name: text.works[done % text.works.length]!,
        isOnline: false,
        atCustomer: true,
        area: null,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 3 * 3600_000),
        price: from * TIYIN_PER_SOM,
        createdAt: new Date(startedAt.getTime() - 2 * DAY_MS),
        updatedAt: new Date(startedAt.getTime() + 4 * 3600_000),
      })
      .returning({ id: orders.id })
    const [rating, comment] = context.nextReview()
    await db.insert(reviews).values({
      orderId: order!.id,
      customerId,
      executorId: userId,
      serviceId: service.id,
      rating,
      comment,
      createdAt: new Date(startedAt.getTime() + DAY_MS),
    })
  }
}

/** The reviews in turn: the first specialist's first order gets the first, and so on round the list. */
export function reviewsInTurn(): () => [number, string] {
  let next = 0
  return () => REVIEWS[next++ % REVIEWS.length]!
}
