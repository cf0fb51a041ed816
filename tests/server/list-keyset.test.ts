import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { send, catalogue, provide, someDistricts, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

type Row = Record<string, unknown>
const execute = async (query: ReturnType<typeof sql>) =>
  ((await t.db.db.execute(query)) as unknown as { rows: Row[] }).rows
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url')

let seq = 0
/** A specialist written straight into the tables: one line of `serviceId`, working in `districtId`. */
async function seeded(
  place: { categoryId: number; serviceId: number; districtId: number },
  rating: number,
  price: number | null = 1_000_000,
  reviews?: number,
) {
  seq += 1
  const [u] = await execute(sql`
    insert into users (slug, type, phone, name, surname, password_hash, rating, reviews_count, district_ids)
    values (${`keyset-${seq}`}, 'executor', ${`99877${String(seq).padStart(7, '0')}`}, 'Keyset', ${`N${seq}`},
            'not-a-login', ${rating}, ${reviews ?? seq % 3}, ${`{${place.districtId}}`}::int[])
    returning id`)
  const [speciality] = await execute(sql`
    insert into specialities (user_id, category_id) values (${u!.id}, ${place.categoryId}) returning id`)
  await execute(sql`
    insert into speciality_services (speciality_id, user_id, service_id, price_from)
    values (${speciality!.id}, ${u!.id}, ${place.serviceId}, ${price})`)
  return Number(u!.id)
}

/**
 * Reads a list to its end by `meta.next_cursor`, running `between` after each page, and answers every id in the
 * order the pages gave them.
 */
async function readByCursor(
  path: string,
  between: (page: number) => Promise<void>,
  caller: Caller | null = null,
  from: string | null = null,
) {
  const seen: number[] = []
  let cursor = from
  for (let page = 1; page < 100; page++) {
    const separator = path.includes('?') ? '&' : '?'
    const response = await send(t, 'GET', cursor ? `${path}${separator}cursor=${cursor}` : path, caller)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{ collection: { id: number }[]; meta: { next_cursor: string | null } }>()
    seen.push(...body.collection.map((row) => row.id))
    cursor = body.meta.next_cursor
    if (!cursor) return seen
    await between(page)
  }
  throw new Error('the list never ended')
}

const idsOf = async (path: string, caller: Caller | null = null) =>
  (await send(t, 'GET', path, caller))
    .json<{ collection: { id: number }[] }>()
    .collection.map((row) => row.id)

const once = (ids: number[]) => expect(new Set(ids).size, `repeated: ${ids.join(',')}`).toBe(ids.length)

async function expectRefused(path: string, caller: Caller | null, field: string, code: string) {
  const response = await send(t, 'GET', path, caller)
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json().error.code).toBe(code)
  expect(Object.keys(response.json().error.fields)).toContain(field)
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

describe('GET /executors by cursor', () => {
  it('gives every matching specialist once while specialists are added and ratings change between pages', async () => {
    const { first, ofFirst } = await catalogue(t)
    const { yunusabad, chilanzar } = await someDistricts(t)
    const here = { categoryId: first.id, serviceId: ofFirst[0]!.id, districtId: yunusabad.id }
    // Ties on the rating and on the price, so the id decides within them.
    const ratings = [5, 5, 5, 4.5, 4.5, 4.3, 4.3, 4, 3, 3]
    const ids = []
    for (const [i, rating] of ratings.entries()) ids.push(await seeded(here, rating, (i % 3) * 1_000_000))
    await seeded({ ...here, districtId: chilanzar.id }, 5)
    await seeded({ ...here, serviceId: ofFirst[1]!.id }, 5)

    for (const query of [
      `service=${here.serviceId}&district=${yunusabad.id}`,
      `service=${here.serviceId}&district=${yunusabad.id}&sort=price`,
      `service=${here.serviceId}&district=${yunusabad.id}&sort=reviews`,
      `district=${yunusabad.id}&category=${first.id}`,
      `district=${yunusabad.id}&category=${first.id}&sort=price`,
      `district=${yunusabad.id}&sort=price`,
    ]) {
      const before = await idsOf(`/executors?${query}&perPage=50`)
      expect(before).toEqual(expect.arrayContaining(ids))
      let added: number[] = []
      let lowered = 0
      const seen = await readByCursor(`/executors?${query}&perPage=3`, async (page) => {
        if (page !== 1) return
        // One that sorts last in every order of this test, and a rating change of one not read yet.
        added = [await seeded(here, 1, 90_000_000, 0)]
        lowered = before.at(-1)!
        await execute(sql`update users set rating = rating - 0.5 where id = ${lowered}`)
      })
      once(seen)
      expect(new Set(seen)).toEqual(new Set([...before, ...added]))
      await execute(sql`update users set rating = rating + 0.5 where id = ${lowered}`)
      await execute(
        sql`update users set accepts_orders = false where id = any(${`{${added.join(',')}}`}::int[])`,
      )
    }
  })

  it('keeps the order of the numbered pages when it goes on by cursor', async () => {
    const { first, ofFirst } = await catalogue(t)
    const { yunusabad } = await someDistricts(t)
    const here = { categoryId: first.id, serviceId: ofFirst[0]!.id, districtId: yunusabad.id }
    for (const rating of [4.3, 4.3, 4.3, 4.7, 3.1, 4.3, 5]) await seeded(here, rating)
    const path = `/executors?service=${here.serviceId}&district=${yunusabad.id}`
    const all = await idsOf(`${path}&perPage=50`)
    expect(await readByCursor(`${path}&perPage=2`, async () => {})).toEqual(all)
    // Page 2 by number, then the rest by the cursor it wrote.
    const second = (await send(t, 'GET', `${path}&perPage=2&page=2`, null)).json()
    const rest = await readByCursor(`${path}&perPage=2`, async () => {}, null, second.meta.next_cursor)
    expect([...all.slice(0, 2), ...second.collection.map((row: { id: number }) => row.id), ...rest]).toEqual(
      all,
    )
  })

  it('refuses a page past 50 without a cursor, and a cursor that is not one it wrote', async () => {
    const { first, ofFirst } = await catalogue(t)
    const { yunusabad } = await someDistricts(t)
    for (let i = 0; i < 3; i++)
      await seeded({ categoryId: first.id, serviceId: ofFirst[0]!.id, districtId: yunusabad.id }, 4)
    const path = `/executors?service=${ofFirst[0]!.id}&perPage=1`
    await expectRefused(`${path}&page=51`, null, 'page', 'page_needs_cursor')
    expect((await send(t, 'GET', `${path}&page=50`, null)).statusCode).toBe(200)
    const cursor = (await send(t, 'GET', path, null)).json().meta.next_cursor
    expect((await send(t, 'GET', `${path}&page=51&cursor=${cursor}`, null)).statusCode).toBe(200)
    await expectRefused(`${path}&cursor=not*a*cursor`, null, 'cursor', 'cursor_invalid')
    await expectRefused(
      `${path}&cursor=${cursorOf(['rating', 'five', 1, 2])}`,
      null,
      'cursor',
      'cursor_invalid',
    )
    await expectRefused(`${path}&cursor=${cursorOf(['rating', 5, 1])}`, null, 'cursor', 'cursor_invalid')
    await expectRefused(`${path}&cursor=%2F%2F%2F`, null, 'cursor', 'cursor_invalid')
    // A cursor of one order means nothing in another.
    await expectRefused(`${path}&sort=price&cursor=${cursor}`, null, 'cursor', 'cursor_invalid')
  })
})

describe('the copies the specialists list reads', () => {
  it('follow every change of what they copy, whoever makes it', async () => {
    const { first, ofFirst } = await catalogue(t)
    const { yunusabad, chilanzar } = await someDistricts(t)
    const here = { categoryId: first.id, serviceId: ofFirst[0]!.id, districtId: yunusabad.id }
    const id = await seeded(here, 4)
    const other = await seeded(here, 4.5)
    const listed = (district = yunusabad.id) =>
      idsOf(`/executors?service=${here.serviceId}&district=${district}`)
    expect(await listed()).toEqual([other, id])

    await execute(sql`update users set rating = 4.9 where id = ${id}`)
    expect(await listed()).toEqual([id, other])
    await execute(sql`update users set district_ids = ${`{${chilanzar.id}}`}::int[] where id = ${id}`)
    expect(await listed()).toEqual([other])
    expect(await listed(chilanzar.id)).toEqual([id])
    await execute(sql`update users set district_ids = ${`{${yunusabad.id}}`}::int[] where id = ${id}`)
    for (const [off, on] of [
      [
        sql`update users set deleted_at = now() where id = ${id}`,
        sql`update users set deleted_at = null where id = ${id}`,
      ],
      [
        sql`update specialities set active = false where user_id = ${id}`,
        sql`update specialities set active = true where user_id = ${id}`,
      ],
      [
        sql`update speciality_services set active = false where user_id = ${id}`,
        sql`update speciality_services set active = true where user_id = ${id}`,
      ],
      [
        sql`update users set accepts_orders = false where id = ${id}`,
        sql`update users set accepts_orders = true where id = ${id}`,
      ],
    ]) {
      await execute(off!)
      expect(await listed()).toEqual([other])
      await execute(on!)
      expect(await listed()).toEqual([id, other])
    }
  })
})

describe('the cheapest price the specialists list sorts by without a service', () => {
  it("follows every change of a specialist's lines, whoever makes it", async () => {
    const { first, ofFirst } = await catalogue(t)
    const { yunusabad } = await someDistricts(t)
    const here = { categoryId: first.id, serviceId: ofFirst[0]!.id, districtId: yunusabad.id }
    const aziz = await seeded(here, 4, 3_000_000)
    const dilnoza = await seeded(here, 4.5, 2_000_000)
    const byPrice = () => idsOf(`/executors?district=${yunusabad.id}&sort=price`)
    const cheapest = async (id: number) => {
      const card = (await send(t, 'GET', `/executors?district=${yunusabad.id}&sort=price&perPage=50`, null))
        .json<{
          collection: { id: number; services: { price_from: number | null; price_to: number | null }[] }[]
        }>()
        .collection.find((row) => row.id === id)!
      return Math.min(...card.services.map((line) => line.price_from ?? line.price_to ?? Infinity))
    }
    expect(await byPrice()).toEqual([dilnoza, aziz])

    const [speciality] = await execute(sql`select id from specialities where user_id = ${aziz}`)
    const [line] = await execute(sql`
      insert into speciality_services (speciality_id, user_id, service_id, price_from)
      values (${speciality!.id}, ${aziz}, ${ofFirst[1]!.id}, 1000000) returning id`)
    expect(await byPrice()).toEqual([aziz, dilnoza])
    expect(await cheapest(aziz)).toBe(1_000_000)
    await execute(sql`update speciality_services set price_from = 5000000 where id = ${line!.id}`)
    expect(await byPrice()).toEqual([dilnoza, aziz])
    // Only "up to" a price: that price is the line's.
    await execute(
      sql`update speciality_services set price_from = null, price_to = 1500000 where id = ${line!.id}`,
    )
    expect(await byPrice()).toEqual([aziz, dilnoza])
    expect(await cheapest(aziz)).toBe(1_500_000)
    for (const [off, on] of [
      [
        sql`update speciality_services set active = false where id = ${line!.id}`,
        sql`update speciality_services set active = true where id = ${line!.id}`,
      ],
      [
        sql`update users set accepts_orders = false where id = ${aziz}`,
        sql`update users set accepts_orders = true where id = ${aziz}`,
      ],
      [
        sql`update specialities set active = false where user_id = ${aziz}`,
        sql`update specialities set active = true where user_id = ${aziz}`,
      ],
    ]) {
      await execute(off!)
      expect((await byPrice()).indexOf(dilnoza)).toBe(0)
      await execute(on!)
      expect(await byPrice()).toEqual([aziz, dilnoza])
    }
    await execute(sql`delete from speciality_services where id = ${line!.id}`)
    expect(await byPrice()).toEqual([dilnoza, aziz])
    // Without any price a specialist comes last; with the same price the better rated comes first.
    await execute(sql`update speciality_services set price_from = null where user_id = ${dilnoza}`)
    expect(await byPrice()).toEqual([aziz, dilnoza])
    await execute(sql`update speciality_services set price_from = 3000000 where user_id = ${dilnoza}`)
    expect(await byPrice()).toEqual([dilnoza, aziz])
    await execute(sql`update users set rating = 4.8 where id = ${aziz}`)
    expect(await byPrice()).toEqual([aziz, dilnoza])
  })
})

describe('GET /profile/{id}/reviews by cursor', () => {
  it('gives every review once, newest first, while new reviews arrive, ties in time included', async () => {
    const { ofFirst } = await catalogue(t)
    const me = await user(t)
    // The test clock stands still: all of them are written in the same instant.
    for (const rating of [5, 4, 3, 5, 2]) await reviewed(me, rating, ofFirst[0]!.id)
    const all = await idsOf(`/profile/${me.id}/reviews`)
    expect(all).toHaveLength(5)
    const seen = await readByCursor(`/profile/${me.id}/reviews?perPage=2`, async () => {
      t.clock.advance(1)
      await reviewed(me, 1, ofFirst[0]!.id)
    })
    // The new ones are newer than the cursor: they wait for the next read from the top.
    expect(seen).toEqual(all)
    const reread = await send(t, 'GET', `/profile/${me.id}/reviews?perPage=2`, null)
    expect(reread.json().meta).toMatchObject({ total: 7, next_cursor: expect.any(String) })
  })

  it('refuses a page past 50 without a cursor and a cursor it did not write', async () => {
    const me = await user(t)
    await expectRefused(`/profile/${me.id}/reviews?page=51`, null, 'page', 'page_needs_cursor')
    await expectRefused(
      `/profile/${me.id}/reviews?cursor=${cursorOf([1, 2])}`,
      null,
      'cursor',
      'cursor_invalid',
    )
    await expectRefused(
      `/profile/${me.id}/reviews?cursor=${cursorOf(['yesterday', 2])}`,
      null,
      'cursor',
      'cursor_invalid',
    )
  })
})

describe('GET /profile/notification by cursor', () => {
  const notify = (userId: number, count: number) =>
    execute(sql`
      insert into notifications (user_id, kind, params, link, created_at)
      select ${userId}, 'review_received', '{"rating": 5}'::jsonb, '/profile', now()
      from generate_series(1, ${count})`)

  it('gives every notification once while new ones arrive and some are read, with total and unread right', async () => {
    const me = await user(t)
    await notify(me.id, 12)
    const all = await idsOf('/profile/notification?perPage=50', me)
    const seen = await readByCursor(
      '/profile/notification?perPage=5',
      async () => {
        await notify(me.id, 2)
        await execute(sql`update notifications set read_at = now() where id = ${all[0]!}`)
      },
      me,
    )
    expect(seen).toEqual(all)
    const top = (await send(t, 'GET', '/profile/notification?perPage=5', me)).json()
    expect(top.meta).toMatchObject({ total: 16, unread: 15 })
  })

  it('refuses a page past 50 without a cursor and a cursor it did not write', async () => {
    const me = await user(t)
    await expectRefused('/profile/notification?page=51', me, 'page', 'page_needs_cursor')
    // The message names the 50 numbered pages, not the general page limit.
    const deep = await send(t, 'GET', '/profile/notification?page=51', me)
    expect(deep.json().error.fields.page).toEqual([
      'По номеру открываются первые 50 страниц; дальше список листается курсором (meta.next_cursor)',
    ])
    await expectRefused(`/profile/notification?cursor=${cursorOf(['x'])}`, me, 'cursor', 'cursor_invalid')
    await expectRefused(`/profile/notification?cursor=${cursorOf({ id: 1 })}`, me, 'cursor', 'cursor_invalid')
  })
})
