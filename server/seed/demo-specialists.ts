// The demo specialists (demo-specialists-data.ts): their accounts, specialties, districts, portfolio and reviews,
// written on an empty database through demo-specialist-parts.ts.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { searchTextOf } from '#contract/search-text.ts'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { reviews } from '#server/db/schema/orders.ts'
import { districts } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { createUsersRepository } from '#server/modules/users/repository.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '#server/seed/demo-users.ts'
import {
  reviewsInTurn,
  writeBusyTimes,
  writePrices,
  writeProfile,
  writeReviewedOrders,
  writeWorksAndDocuments,
  type SeedContext,
  type ServiceLine,
} from './demo-specialist-parts.ts'
import { PEOPLE } from './demo-specialists-data.ts'

/** The phone numbers of the demo specialists: 998 90 111 20 01 and on. */
export const demoSpecialistPhone = (index: number) => `9989011120${String(index + 1).padStart(2, '0')}`
export const DEMO_SPECIALISTS_COUNT = PEOPLE.length

const PORTFOLIO_DIR = fileURLToPath(new URL('portfolio/', import.meta.url))

type Storage = SeedContext['storage']

const slugBaseOf = (name: string, surname: string) =>
  searchTextOf([`${name} ${surname}`])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** The districts by code, the catalogue's services by `category/slug`, and the demo customer, read once. */
async function readLookups(db: Database) {
  const districtRows = await db.select({ id: districts.id, code: districts.code }).from(districts)
  const serviceRows = await db
    .select({
      id: services.id,
      slug: services.slug,
      categoryId: services.categoryId,
      category: categories.slug,
    })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(isNull(services.parentId))
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, DEMO_USERS.find((user) => user.type === 'customer')!.phone))
  return {
    districtId: new Map(districtRows.map((row) => [row.code, row.id])),
    serviceOf: new Map<string, ServiceLine>(serviceRows.map((row) => [`${row.category}/${row.slug}`, row])),
    customerId: customer?.id,
  }
}

/** Reads each portfolio picture from disk once, however many specialists show it. */
function picturesReadOnce(): (name: string) => Promise<Buffer> {
  const pictures = new Map<string, Buffer>()
  return async (name) => {
    if (!pictures.has(name)) pictures.set(name, await readFile(`${PORTFOLIO_DIR}${name}.webp`))
    return pictures.get(name)!
  }
}

/** Rating and reviews count from the reviews table, so they agree with it. */
async function countRatings(db: Database) {
  const phones = PEOPLE.map((_, index) => demoSpecialistPhone(index))
  await db
    .update(users)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.executorId} = ${users.id}), 0)`,
      reviewsCount: sql`(select count(*) from ${reviews} where ${reviews.executorId} = ${users.id})`,
    })
    .where(and(inArray(users.phone, phones), eq(users.type, 'executor')))
}

/**
 * Adds forty demo specialists (executors with specialties and prices, districts, an about text, portfolio works with
 * pictures, some certificates, a discount on a few, weekly busy times) and, when the demo customer exists, completed
 * orders of theirs with reviews, so the specialists list and the public profiles have something to show on a fresh
 * machine. Development only (SEED_DEMO_USERS); once the first demo specialist exists it does nothing, so it never
 * duplicates. The pictures are copied into the uploads storage like uploaded photos.
 */
export async function seedDemoSpecialists(db: Database, storage: Storage, now: Date): Promise<number> {
  const usersRepository = createUsersRepository(db)
  if (await usersRepository.existsByPhone(demoSpecialistPhone(0))) return 0
  const { serviceOf, ...lookups } = await readLookups(db)
  const context: SeedContext = {
    db,
    storage,
    now,
    picture: picturesReadOnce(),
    nextReview: reviewsInTurn(),
    ...lookups,
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  let added = 0
  for (const [index, person] of PEOPLE.entries()) {
    const { name, surname, category } = person
    const lines = person.services
      .map((slug) => serviceOf.get(`${category}/${slug}`))
      .filter((row) => row !== undefined)
    // A catalogue without this category's services (an edited seed) leaves the person out rather than half-made.
    if (lines.length === 0) continue
    const user = await usersRepository.insert({
      phone: demoSpecialistPhone(index),
      name,
      surname,
      patronymic: null,
      email: null,
      passwordHash,
      type: 'executor',
      slugBase: slugBaseOf(name, surname),
    })
    const specialist = { person, index, userId: user.id, lines }
    await writeProfile(context, specialist)
    await writePrices(context, specialist)
    await writeWorksAndDocuments(context, specialist)
    await writeBusyTimes(context, specialist)
    await writeReviewedOrders(context, specialist)
    added++
  }
  await countRatings(db)
  return added
}
