import { describe, expect, it } from 'vitest'
import { useTestApp } from '#tests/helpers/test-app.ts'
import {
  addSpeciality,
  catalogue,
  provide,
  send,
  someDistricts,
  user,
  type Caller,
} from '#tests/helpers/specialists.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'

const t = useTestApp({ catalogue: true })

// What no public answer may carry: contact, birthday, home address, gender and account details.
const PRIVATE_KEYS = [
  'phone',
  'username',
  'email',
  'birthday',
  'address',
  'gender',
  'patronymic',
  'telegram_id',
  'password',
  'password_hash',
]
const PRIVATE_VALUES = ['private@example.uz', '1988-02-03', 'Секретная улица 5, кв 9', 'Olimovich']

function assertNothingPrivate(body: unknown, phone: string) {
  const text = JSON.stringify(body)
  for (const value of [...PRIVATE_VALUES, phone]) expect(text).not.toContain(value)
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        expect(PRIVATE_KEYS, `a public answer carries ${key}`).not.toContain(key)
        walk(value)
      }
  }
  walk(body)
}

async function specialist(
  name: string,
  surname: string,
  fields: Record<string, unknown> = {},
  plan?: 'starter' | 'master' | 'professional',
) {
  const me = await user(t)
  // A discount and the statistics come with the master plan (decision 016).
  if (plan) await grantPlan(t, me, plan)
  const response = await send(t, 'PUT', `/profile/${me.id}`, me, {
    name,
    surname,
    patronymic: 'Olimovich',
    email: 'private@example.uz',
    birthday: '1988-02-03',
    address: 'Секретная улица 5, кв 9',
    gender: 'male',
    ...fields,
  })
  if (response.statusCode !== 200) throw new Error(response.body)
  return me
}

async function reviewed(executor: Caller, rating: number, serviceId: number) {
  const customer = await user(t, 'customer')
  // A direct order is for a service the specialist provides.
  await provide(t, executor, [serviceId])
  const order = (
    await send(t, 'POST', '/orders', customer, {
      services: [serviceId],
      name: 'Заказ для отзыва',
      at_customer: true,
      executor_id: executor.id,
    })
  ).json()
  await send(t, 'POST', `/orders/${order.id}/actions/accept`, executor, {})
  await send(t, 'POST', `/orders/${order.id}/actions/complete`, customer, {})
  const review = await send(t, 'POST', `/orders/${order.id}/review`, customer, {
    rating,
    comment: 'Отзыв о работе мастера',
    service: serviceId,
  })
  expect(review.statusCode, review.body).toBe(201)
}

describe('GET /executors', () => {
  it('lists specialists with an active service who take orders, filtered, searched in any script and sorted', async () => {
    const { first, second, ofFirst, ofSecond } = await catalogue(t)
    const { yunusabad, chilanzar } = await someDistricts(t)
    const aziz = await specialist('Азиз', 'Каримов', { district_ids: [yunusabad.id] })
    await addSpeciality(t, aziz, first.id, [
      { service: ofFirst[0]!.id, price_from: 5_000_000, price_to: 9_000_000 },
      { service: ofFirst[1]!.id, price_from: 20_000_000 },
    ])
    const dilnoza = await specialist('Dilnoza', 'Rahimova', { district_ids: [chilanzar.id] })
    await addSpeciality(t, dilnoza, first.id, [{ service: ofFirst[0]!.id, price_from: 3_000_000 }])
    const paused = await specialist('Paused', 'Person')
    const pausedSpec = await addSpeciality(t, paused, second.id, [{ service: ofSecond[0]!.id }])
    await send(t, 'PUT', `/speciality/status/${paused.id}/${pausedSpec.id}/category`, paused, {
      active: false,
    })
    const busy = await specialist('Busy', 'Person', { accepts_orders: false })
    await addSpeciality(t, busy, first.id, [{ service: ofFirst[0]!.id }])
    await specialist('No', 'Specialty')
    await reviewed(aziz, 5, ofFirst[0]!.id)
    await send(t, 'PUT', `/profile/${dilnoza.id}`, dilnoza, { accepts_orders: true })

    const ids = async (query: string) => {
      const response = await send(t, 'GET', `/executors${query}`, null, undefined, 'en')
      expect(response.statusCode, response.body).toBe(200)
      return response.json().collection.map((card: { id: number }) => card.id)
    }
    expect(await ids('')).toEqual([aziz.id, dilnoza.id])
    expect(await ids(`?district=${chilanzar.id}`)).toEqual([dilnoza.id])
    expect(await ids(`?category=${second.id}`)).toEqual([])
    expect(await ids(`?service=${ofFirst[1]!.id}`)).toEqual([aziz.id])
    expect(await ids('?rating_min=4.5')).toEqual([aziz.id])
    expect(await ids('?sort=price')).toEqual([dilnoza.id, aziz.id])
    expect(await ids('?price_from=10000000&price_to=30000000')).toEqual([aziz.id])
    expect(await ids('?price_to=4000000')).toEqual([dilnoza.id])
    // The name typed in another script, and a service's name.
    expect(await ids('?search=aziz')).toEqual([aziz.id])
    expect(await ids('?search=Дилноза')).toEqual([dilnoza.id])
    expect(await ids(`?search=${encodeURIComponent(ofFirst[1]!.name.en)}`)).toEqual([aziz.id])
    expect(await ids('?verified=1')).toEqual([])

    const page = (
      await send(t, 'GET', `/executors?service=${ofFirst[0]!.id}&perPage=1`, null, undefined, 'en')
    ).json()
    expect(page.meta).toEqual({ page: 1, perPage: 1, total: 2, next_cursor: expect.any(String) })
    // The total is the same on the last page and past it.
    for (const [number, count] of [
      [2, 1],
      [3, 0],
    ] as const) {
      const later = (
        await send(t, 'GET', `/executors?service=${ofFirst[0]!.id}&perPage=1&page=${number}`, null)
      ).json()
      expect(later.meta).toEqual({ page: number, perPage: 1, total: 2, next_cursor: null })
      expect(later.collection).toHaveLength(count)
    }
    expect(page.collection[0]).toMatchObject({
      id: aziz.id,
      name: 'Азиз',
      rating: 5,
      reviews_count: 1,
      districts: ['Yunusabad district'],
      services: [
        {
          service: { id: ofFirst[0]!.id, name: ofFirst[0]!.name.en },
          price_from: 5_000_000,
          price_to: 9_000_000,
        },
      ],
    })
    assertNothingPrivate(page, aziz.phone)
  })
})

describe('GET /myprofile/{slug}', () => {
  it('shows the public profile by slug or id with nothing private, and counts one view per read', async () => {
    const { first, second, ofFirst, ofSecond } = await catalogue(t)
    const { yunusabad } = await someDistricts(t)
    const me = await specialist(
      'Aziz',
      'Karimov',
      {
        district_ids: [yunusabad.id],
        about: 'Электрик',
        discount_percent: 10,
        discount_text: 'Скидка',
        work_addresses: ['Мастерская на Чиланзаре'],
      },
      'master',
    )
    await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id, price_from: 100 }])
    const hidden = await addSpeciality(t, me, second.id, [{ service: ofSecond[0]!.id }])
    await send(t, 'PUT', `/speciality/status/${me.id}/${hidden.id}/category`, me, { active: false })
    await send(t, 'POST', '/works', me, { title: 'Проводка' })
    await send(t, 'POST', '/documents', me, { name: 'Диплом' })
    await reviewed(me, 4, ofFirst[0]!.id)
    const slug = (await send(t, 'GET', '/profile', me)).json().slug

    const bySlug = await send(t, 'GET', `/myprofile/${slug}`, null, undefined, 'en')
    expect(bySlug.statusCode, bySlug.body).toBe(200)
    const profile = bySlug.json()
    expect(profile).toMatchObject({
      id: me.id,
      slug,
      name: 'Aziz',
      about: 'Электрик',
      discount_percent: 10,
      districts: [{ id: yunusabad.id, name: 'Yunusabad district' }],
      work_addresses: ['Мастерская на Чиланзаре'],
      works: [{ title: 'Проводка' }],
      documents: [{ name: 'Диплом' }],
      rating: 4,
      reviews_count: 1,
      latest_reviews: [{ rating: 4, author: expect.stringMatching(/^\S+ \S\.$/) }],
    })
    expect(profile.specialities.map((s: { id: number }) => s.id)).not.toContain(hidden.id)
    assertNothingPrivate(profile, me.phone)
    const byId = (await send(t, 'GET', `/myprofile/${me.id}`, null)).json()
    expect(byId.id).toBe(me.id)
    // The owner sees the paused specialty too.
    expect((await send(t, 'GET', `/myprofile/${slug}`, me)).json().specialities).toHaveLength(2)
    expect((await send(t, 'GET', '/myprofile/nobody-here', null)).statusCode).toBe(404)
    expect((await send(t, 'GET', '/myprofile/99999999999', null)).statusCode).toBe(404)

    const views = (await send(t, 'GET', '/profile/statistics', me)).json().weeks.at(-1).views
    expect(views).toBe(2)
  })
})

describe('GET /profile/{id}/reviews', () => {
  it('pages reviews newest first with the breakdown, and keeps rating and count with each review', async () => {
    const { ofFirst } = await catalogue(t)
    const me = await specialist('Aziz', 'Karimov')
    await reviewed(me, 5, ofFirst[0]!.id)
    t.clock.advance(60)
    await reviewed(me, 2, ofFirst[0]!.id)
    t.clock.advance(60)
    await reviewed(me, 5, ofFirst[0]!.id)
    const page = await send(t, 'GET', `/profile/${me.id}/reviews?perPage=2`, null, undefined, 'en')
    const body = page.json()
    expect(body.meta).toEqual({ page: 1, perPage: 2, total: 3, next_cursor: expect.any(String) })
    expect(body.collection.map((r: { rating: number }) => r.rating)).toEqual([5, 2])
    expect(body.collection[0]).toMatchObject({
      author: 'Dilnoza R.',
      service: { id: ofFirst[0]!.id, name: ofFirst[0]!.name.en },
    })
    expect(body.breakdown).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 2 })
    expect(body.rating).toBe(4)
    expect(body.reviews_count).toBe(3)
    assertNothingPrivate(body, me.phone)
    expect((await send(t, 'GET', `/profile/${me.id}/reviews?perPage=51`, null)).statusCode).toBe(400)
  })
})

describe('GET /districts', () => {
  it('lists the regions with their districts in the caller language', async () => {
    const { region, yunusabad, chilanzar } = await someDistricts(t)
    const uz = (await send(t, 'GET', '/districts', null, undefined, 'uz')).json()
    // All 14 regions, Tashkent city first, each with its districts in the caller's language.
    expect(uz.collection).toHaveLength(14)
    const tashkent = uz.collection[0]
    expect(tashkent).toMatchObject({ id: region.id, name: 'Тошкент шаҳри' })
    expect(tashkent.districts).toEqual(
      expect.arrayContaining([
        {
          id: yunusabad.id,
          name: 'Юнусобод тумани',
          region_id: region.id,
          lat: expect.any(Number),
          lng: expect.any(Number),
        },
        {
          id: chilanzar.id,
          name: 'Чилонзор тумани',
          region_id: region.id,
          lat: expect.any(Number),
          lng: expect.any(Number),
        },
      ]),
    )
    const districtCount = uz.collection.reduce(
      (sum: number, item: { districts: unknown[] }) => sum + item.districts.length,
      0,
    )
    expect(districtCount).toBe(209)
  })
})
