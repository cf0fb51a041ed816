import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { users } from '#server/db/schema/users.ts'
import { login, PASSWORD, refresh, register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import {
  addSpeciality,
  catalogue,
  multipart,
  phonePhoto,
  send,
  someDistricts,
  upload,
  user,
} from '#tests/helpers/specialists.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'

const t = useTestApp({ catalogue: true })

/** A specialist with the master plan: setting a discount and reading the statistics need it (decision 016). */
async function master() {
  const caller = await user(t)
  await grantPlan(t, caller, 'master')
  return caller
}

describe('GET /profile', () => {
  it('adds the caller’s specialties with with=specialities', async () => {
    const me = await user(t)
    const { first, ofFirst } = await catalogue(t)
    await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id, price_from: 100 }])
    expect((await send(t, 'GET', '/profile', me)).json().specialities).toBeUndefined()
    const withThem = (await send(t, 'GET', '/profile?with=specialities', me)).json()
    expect(withThem.specialities).toMatchObject([
      { category: { id: first.id }, services: [{ price_from: 100 }] },
    ])
  })
})

describe('PUT /profile/{id}', () => {
  it('saves every section’s fields of the own profile', async () => {
    const me = await master()
    const { yunusabad, chilanzar } = await someDistricts(t)
    const changes = {
      name: 'Aziz',
      surname: 'Karimov',
      patronymic: 'Olimovich',
      email: 'aziz@example.uz',
      birthday: '1990-05-17',
      gender: 'male',
      address: 'Юнусабад, 4-й квартал, дом 7, кв. 12',
      languages: ['uz', 'ru'],
      accepts_orders: false,
      looking_for_internship: true,
      works_remotely: true,
      accepts_at_own_place: true,
      about: 'Электрик с опытом 10 лет',
      district_ids: [yunusabad.id, chilanzar.id],
      work_addresses: ['Чиланзар, мастерская'],
      discount_percent: 15,
      discount_text: 'Пенсионерам',
      telegram_notifications: true,
      email_notifications: true,
    }
    const response = await send(t, 'PUT', `/profile/${me.id}`, me, changes)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject(changes)
    expect((await send(t, 'GET', '/profile', me)).json()).toMatchObject(changes)
  })

  it('refuses unknown districts, a discount outside 0-100 and over-long texts', async () => {
    const me = await master()
    const unknown = await send(t, 'PUT', `/profile/${me.id}`, me, { district_ids: [999_999] })
    expect(unknown.statusCode).toBe(400)
    expect(Object.keys(unknown.json().error.fields)).toEqual(['district_ids'])
    for (const discount of [-1, 101, 1.5, 1e20]) {
      const bad = await send(t, 'PUT', `/profile/${me.id}`, me, { discount_percent: discount }, 'en')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.fields.discount_percent).toEqual([
        'The discount is a whole number from 0 to 100',
      ])
    }
    expect((await send(t, 'PUT', `/profile/${me.id}`, me, { discount_percent: 100 })).statusCode).toBe(200)
    expect((await send(t, 'PUT', `/profile/${me.id}`, me, { about: 'x'.repeat(3001) })).statusCode).toBe(400)
  })

  it('changes only the own profile: another user gets 403 and a guest 401', async () => {
    const owner = await user(t)
    const other = await user(t)
    expect((await send(t, 'PUT', `/profile/${owner.id}`, null, { about: 'x' })).statusCode).toBe(401)
    expect((await send(t, 'PUT', `/profile/${owner.id}`, other, { about: 'взлом' })).statusCode).toBe(403)
    expect((await send(t, 'GET', '/profile', owner)).json().about).toBeNull()
    expect((await send(t, 'PUT', `/profile/${owner.id}`, owner, { about: 'сам' })).statusCode).toBe(200)
  })
})

describe('POST /profile/avatar', () => {
  it('keeps the photo re-encoded without EXIF and a small square thumbnail', async () => {
    const me = await user(t)
    const response = await upload(t, '/profile/avatar', me, multipart(await phonePhoto(1200, 800)))
    expect(response.statusCode, response.body).toBe(200)
    const { avatar, avatar_thumb } = response.json()
    const big = await sharp((await t.inject({ method: 'GET', url: avatar })).rawPayload).metadata()
    expect(big).toMatchObject({ format: 'webp', width: 1024 })
    expect(big.exif).toBeUndefined()
    const thumb = await sharp((await t.inject({ method: 'GET', url: avatar_thumb })).rawPayload).metadata()
    expect(thumb).toMatchObject({ format: 'webp', width: 160, height: 160 })

    // A new photo replaces the old files.
    const again = (await upload(t, '/profile/avatar', me, multipart(await phonePhoto()))).json()
    expect(again.avatar).not.toBe(avatar)
    expect((await t.inject({ method: 'GET', url: avatar })).statusCode).toBe(404)
  })

  it('judges the bytes, refuses over 10 MB, and needs a login', async () => {
    const me = await user(t)
    const fake = await upload(
      t,
      '/profile/avatar',
      me,
      multipart(Buffer.from('<svg onload=alert(1)>'), 'a.png', 'image/png'),
    )
    expect(fake.statusCode).toBe(400)
    expect(fake.json().error.code).toBe('file_invalid')
    const huge = await upload(t, '/profile/avatar', me, multipart(Buffer.alloc(10 * 1024 * 1024 + 1, 1)))
    expect(huge.statusCode).toBe(413)
    expect((await upload(t, '/profile/avatar', null, multipart(await phonePhoto()))).statusCode).toBe(401)
  })
})

describe('PUT /profile/password', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const first = await register(t, { type: 'executor' })
    const second = await login(t, { username: first.phone, password: PASSWORD, type: 'executor' })
    const secondRefresh = second.cookies.find((cookie) => cookie.name === 'refresh_token')!.value
    const wrong = await send(
      t,
      'PUT',
      '/profile/password',
      first,
      {
        current_password: 'not-my-password1',
        password: 'tashkent2027',
        password_confirmation: 'tashkent2027',
      },
      'en',
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.fields.current_password).toEqual(['The current password is wrong'])
    const mismatch = await send(t, 'PUT', '/profile/password', first, {
      current_password: PASSWORD,
      password: 'tashkent2027',
      password_confirmation: 'tashkent2028',
    })
    expect(Object.keys(mismatch.json().error.fields)).toEqual(['password_confirmation'])

    const changed = await send(t, 'PUT', '/profile/password', first, {
      current_password: PASSWORD,
      password: 'tashkent2027',
      password_confirmation: 'tashkent2027',
    })
    expect(changed.json()).toEqual({ status: true })
    // This session goes on; the other one is over.
    expect((await send(t, 'GET', '/profile', first)).statusCode).toBe(200)
    expect((await send(t, 'GET', '/profile', { token: second.json().token })).statusCode).toBe(401)
    expect((await refresh(t, secondRefresh)).statusCode).toBe(401)
    expect((await login(t, { username: first.phone, password: PASSWORD, type: 'executor' })).statusCode).toBe(
      400,
    )
    expect(
      (await login(t, { username: first.phone, password: 'tashkent2027', type: 'executor' })).statusCode,
    ).toBe(200)
    expect(
      (
        await send(t, 'PUT', '/profile/password', null, {
          current_password: 'a',
          password: 'b1cdefg',
          password_confirmation: 'b1cdefg',
        })
      ).statusCode,
    ).toBe(401)
  })
})

describe('DELETE /profile/{id}', () => {
  it('anonymises the account: orders and reviews stay, nothing personal is readable, no login', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t)
    const { first, ofFirst } = await catalogue(t)
    await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id }])
    await send(t, 'PUT', `/profile/${me.id}`, me, {
      email: 'me@example.uz',
      birthday: '1990-01-01',
      address: 'дом 7',
    })
    const avatar = (await upload(t, '/profile/avatar', me, multipart(await phonePhoto()))).json().avatar
    await send(t, 'POST', '/works', me, { title: 'Работа мастера' })
    // A completed order with a review of this specialist.
    const order = (
      await send(t, 'POST', '/orders', customer, {
        services: [ofFirst[0]!.id],
        name: 'Заменить розетку',
        at_customer: true,
        executor_id: me.id,
      })
    ).json()
    await send(t, 'POST', `/orders/${order.id}/actions/accept`, me, {})
    await send(t, 'POST', `/orders/${order.id}/actions/complete`, customer, {})
    expect(
      (
        await send(t, 'POST', `/orders/${order.id}/review`, customer, {
          rating: 5,
          comment: 'Отлично, всё сделал быстро',
        })
      ).statusCode,
    ).toBe(201)
    const slug = (await send(t, 'GET', '/profile', me)).json().slug

    expect((await send(t, 'DELETE', `/profile/${me.id}`, null, { password: PASSWORD })).statusCode).toBe(401)
    expect((await send(t, 'DELETE', `/profile/${me.id}`, customer, { password: PASSWORD })).statusCode).toBe(
      403,
    )
    expect(
      (await send(t, 'DELETE', `/profile/${me.id}`, me, { password: 'wrong-password1' })).statusCode,
    ).toBe(400)
    expect((await send(t, 'DELETE', `/profile/${me.id}`, me, { password: PASSWORD })).json()).toEqual({
      status: true,
    })

    const [row] = await t.db.db.select().from(users).where(eq(users.id, me.id))
    expect(row).toMatchObject({
      name: '—',
      surname: '',
      phone: `deleted-${me.id}`,
      slug: `deleted-${me.id}`,
      email: null,
      birthday: null,
      address: null,
      avatar: null,
      avatarThumb: null,
    })
    expect(row!.deletedAt).not.toBeNull()
    expect((await t.inject({ method: 'GET', url: avatar })).statusCode).toBe(404)
    expect((await send(t, 'GET', '/profile', me)).statusCode).toBe(401)
    expect((await login(t, { username: me.phone, password: PASSWORD, type: 'executor' })).statusCode).toBe(
      400,
    )
    for (const ref of [slug, String(me.id), `deleted-${me.id}`])
      expect((await send(t, 'GET', `/myprofile/${ref}`, null)).statusCode).toBe(404)
    // The order and its review stay for the customer; the deleted party has no contact left.
    const kept = (await send(t, 'GET', `/orders/${order.id}`, customer)).json()
    expect(kept).toMatchObject({ status: 'completed', executor_id: me.id, contact: null })
    expect((await send(t, 'GET', `/orders/${order.id}/review`, customer)).statusCode).toBe(200)
    // The phone is free again.
    t.clock.advance(60)
    expect((await register(t, { phone: me.phone })).token).toBeTruthy()
    expect((await send(t, 'GET', '/executors', null)).json().collection).toEqual([])
  })
})

describe('GET /profile/statistics', () => {
  it('counts 12 Tashkent weeks of views, replies, choices, completions and reviews', async () => {
    // The test clock stands at Saturday 2026-11-21 14:00 in Tashkent.
    const me = await master()
    const customer = await user(t, 'customer')
    const { ofFirst } = await catalogue(t)
    await send(t, 'GET', `/myprofile/${me.id}`, null)
    await send(t, 'GET', `/myprofile/${me.id}`, customer)
    await send(t, 'GET', `/myprofile/${me.id}`, me)
    const open = (
      await send(t, 'POST', '/orders', customer, {
        services: [ofFirst[0]!.id],
        name: 'Повесить люстру',
        at_customer: true,
      })
    ).json()
    await send(t, 'POST', `/orders/${open.id}/replies`, me, { message: 'Сделаю сегодня вечером' })
    await send(t, 'POST', `/orders/${open.id}/actions/choose`, customer, { executor_id: me.id })
    await send(t, 'POST', `/orders/${open.id}/actions/accept`, me, {})
    t.clock.advance(2 * 24 * 3600) // Monday: a new week; the access tokens expired meanwhile
    for (const [who, type] of [
      [customer, 'customer'],
      [me, 'executor'],
    ] as const) {
      const again = await login(t, { username: who.phone, password: PASSWORD, type })
      who.token = again.json().token
    }
    const completed = await send(t, 'POST', `/orders/${open.id}/actions/complete`, customer, {})
    expect(completed.statusCode, completed.body).toBe(200)
    await send(t, 'POST', `/orders/${open.id}/review`, customer, {
      rating: 4,
      comment: 'Хорошо, аккуратно и вовремя',
    })

    const response = await send(t, 'GET', '/profile/statistics', me)
    expect(response.statusCode, response.body).toBe(200)
    const { weeks } = response.json()
    expect(weeks).toHaveLength(12)
    expect(weeks.at(-1)).toEqual({
      week: '2026-11-23',
      views: 0,
      replies: 0,
      chosen: 0,
      completed: 1,
      reviews: 1,
      rating: 4,
    })
    expect(weeks.at(-2)).toEqual({
      week: '2026-11-16',
      views: 2,
      replies: 1,
      chosen: 1,
      completed: 0,
      reviews: 0,
      rating: null,
    })
    expect(weeks[0].week).toBe('2026-09-07')
    expect((await send(t, 'GET', '/profile/statistics', null)).statusCode).toBe(401)
  })
})

it('registers every endpoint of the contract', () => {
  expect(Object.keys(endpoints)).toContain('statistics')
})
