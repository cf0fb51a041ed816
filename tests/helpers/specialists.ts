import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import sharp from 'sharp'
import { V1 } from '#contract/endpoints.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { districts, regions, specialities, specialityServices } from '#server/db/schema/specialists.ts'
import { register } from './auth-flows.ts'
import type { TestApp } from './test-app.ts'

export type Caller = { token: string; id: number; phone: string }

/** A registered user with their id. */
export async function user(t: TestApp, type: 'customer' | 'executor' = 'executor'): Promise<Caller> {
  const session = await register(t, { type })
  const profile = await t.call('GET', '/profile', session)
  return { token: session.token, phone: session.phone, id: profile.json<{ id: number }>().id }
}

/**
 * Makes a specialist provide these services (an active specialty of each one's category), as a direct order to them
 * needs. Written to the tables: the specialties' own API is not what the tests that need this are about.
 */
export async function provide(t: TestApp, executor: { id: number }, serviceIds: number[]) {
  const db = t.db.db
  const rows = await db.select().from(services).where(inArray(services.id, serviceIds))
  for (const service of rows) {
    await db
      .insert(specialities)
      .values({ userId: executor.id, categoryId: service.categoryId })
      .onConflictDoNothing()
    const [speciality] = await db
      .select()
      .from(specialities)
      .where(and(eq(specialities.userId, executor.id), eq(specialities.categoryId, service.categoryId)))
    await db
      .insert(specialityServices)
      .values({ specialityId: speciality!.id, userId: executor.id, serviceId: service.id })
      .onConflictDoNothing()
  }
}

/** A JSON call with any method, as the given caller (a guest when null). */
export const send = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller: { token: string } | null,
  payload?: unknown,
  lang = 'ru',
) =>
  t.inject({
    method,
    url: `${V1}${url}`,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    headers: { 'accept-language': lang, ...(caller && { authorization: `Bearer ${caller.token}` }) },
  })

/** Two categories of the seeded catalogue with two services each, and a service of the other category. */
export async function catalogue(t: TestApp) {
  const db = t.db.db
  const [first, second] = await db.select().from(categories).orderBy(asc(categories.position)).limit(2)
  const servicesOf = (categoryId: number) =>
    db
      .select()
      .from(services)
      .where(and(eq(services.categoryId, categoryId), eq(services.status, 'approved')))
      .orderBy(asc(services.id))
      .limit(3)
  const [ofFirst, ofSecond] = await Promise.all([servicesOf(first!.id), servicesOf(second!.id)])
  return { first: first!, second: second!, ofFirst, ofSecond }
}

/** Tashkent city and two of its districts, as the catalogue seed of the test database has them. */
export async function someDistricts(t: TestApp) {
  const db = t.db.db
  const [region] = await db.select().from(regions).where(eq(regions.code, 'tashkent-city'))
  const rows = await db
    .select()
    .from(districts)
    .where(inArray(districts.code, ['yunusabad-district', 'chilanzar-district']))
  const byCode = (code: string) => rows.find((row) => row.code === code)!
  return { region: region!, yunusabad: byCode('yunusabad-district'), chilanzar: byCode('chilanzar-district') }
}

export const unusedService = async (t: TestApp, categoryId: number) =>
  (await t.db.db.select().from(services).where(ne(services.categoryId, categoryId)).limit(1))[0]!

const BOUNDARY = '----fika-upload'
/** A multipart body with one `file`. */
export function multipart(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}
export const upload = (
  t: TestApp,
  url: string,
  caller: { token: string } | null,
  body: Buffer,
  lang = 'ru',
) =>
  t.inject({
    method: 'POST',
    url: `${V1}${url}`,
    headers: {
      ...(caller && { authorization: `Bearer ${caller.token}` }),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'accept-language': lang,
    },
    payload: body,
  })

/** A photo as a phone takes it: JPEG with EXIF (camera and GPS). */
export const phonePhoto = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Private person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 17/1 0/1' },
    })
    .toBuffer()

/** Adds a specialty with the given services (prices in tiyin) for the caller. */
export async function addSpeciality(
  t: TestApp,
  caller: Caller,
  category: number,
  lines: { service: number; price_from?: number | null; price_to?: number | null; active?: boolean }[],
) {
  const response = await send(t, 'POST', `/speciality/${caller.id}/all`, caller, {
    category,
    services: lines,
  })
  if (response.statusCode !== 200)
    throw new Error(`add speciality answered ${response.statusCode}: ${response.body}`)
  return response.json<{ id: number; services: { id: number; service: { id: number } }[] }>()
}
