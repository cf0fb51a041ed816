import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_API } from '#contract/verification-endpoints.ts'
import { bell } from '#tests/helpers/notifications.ts'
import { catalogue, provide, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'

const t = useTestApp({ catalogue: true })

// The catalogue is kept between the tests of this file: what a test proposed or approved goes with it.
afterEach(async () => {
  await t.db.db.execute(sql`delete from services where proposed_by is not null or status = 'pending'`)
})

type Row = Record<string, unknown>
const execute = async (query: ReturnType<typeof sql>) =>
  ((await t.db.db.execute(query)) as unknown as { rows: Row[] }).rows

/** Calls the moderation API as `caller` (null: a guest), in Russian unless told. */
const admin = (caller: Caller | null, method: 'GET' | 'POST', path: string, payload?: object, lang = 'ru') =>
  t.inject({
    method,
    url: `${ADMIN_API}${path}`,
    headers: { 'accept-language': lang, ...(caller && { authorization: `Bearer ${caller.token}` }) },
    ...(payload && { payload }),
  })

/** The running app, told of a role given as the command tells servers over Redis. */
const servers = { userChanged: (userId: number) => t.app.auth.sessionCache.forget({ user: userId }) }

async function staff(role: 'moderator' | 'support') {
  const person = await user(t, 'customer')
  await runStaffRole(t.db.db, role, ['add', person.phone], servers)
  return person
}

/** A service the caller proposes in the first category; answers its id. */
async function proposed(by: Caller, name = 'Ремонт наручных часов') {
  const { first } = await catalogue(t)
  const response = await send(t, 'POST', '/services', by, { name, category: first.id })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: number }>().id
}

const approval = {
  name_ru: 'Ремонт наручных часов',
  name_en: 'Wristwatch repair',
  name_oz: 'Qo‘l soatlarini ta’mirlash',
  name_uz: 'Қўл соатларини таъмирлаш',
  slug: 'wristwatch-repair',
}

const auditRows = (target: string) =>
  execute(
    sql`select actor_id as "actorId", action, reason from audit_log where target = ${target} order by id`,
  )

/** A completed direct order of `executor` with the customer's review; answers the review's id. */
async function reviewed(executor: Caller, rating: number, comment = 'Отзыв о работе мастера') {
  const { ofFirst } = await catalogue(t)
  const serviceId = ofFirst[0]!.id
  const customer = await user(t, 'customer')
  await provide(t, executor, [serviceId])
  const order = (
    await send(t, 'POST', '/orders', customer, {
      services: [serviceId],
      name: 'Заказ для отзыва',
      at_customer: true,
      executor_id: executor.id,
    })
  ).json<{ id: number }>()
  await send(t, 'POST', `/orders/${order.id}/actions/accept`, executor, {})
  await send(t, 'POST', `/orders/${order.id}/actions/complete`, customer, {})
  const review = await send(t, 'POST', `/orders/${order.id}/review`, customer, { rating, comment })
  expect(review.statusCode, review.body).toBe(201)
  return { id: review.json<{ id: number }>().id, orderId: order.id, customer }
}

const publicProfile = async (executor: Caller) =>
  (await send(t, 'GET', `/myprofile/${executor.id}`, null)).json<{
    rating: number
    reviews_count: number
    latest_reviews: { id: number }[]
  }>()

describe('who may moderate services and reviews', () => {
  const routes: [string, 'GET' | 'POST', string, object?][] = [
    ['the proposals', 'GET', '/services'],
    ['an approval', 'POST', '/services/1/approve', approval],
    ['a merge', 'POST', '/services/1/merge', { into: 2 }],
    ['a rejection', 'POST', '/services/1/reject', { reason: 'Нет' }],
    ['the reviews', 'GET', '/reviews'],
    ['a hidden review', 'POST', '/reviews/1/hide', { reason: 'Оскорбления' }],
    ['a review shown again', 'POST', '/reviews/1/unhide', {}],
  ]

  it('answers 401 to a guest and 403 to a customer, a specialist and support staff on every route', async () => {
    const [customer, executor, support] = [await user(t, 'customer'), await user(t), await staff('support')]
    for (const [what, method, path, body] of routes) {
      expect((await admin(null, method, path, body)).statusCode, `${what} as a guest`).toBe(401)
      for (const [who, caller] of [
        ['customer', customer],
        ['specialist', executor],
        ['support', support],
      ] as const) {
        const response = await admin(caller, method, path, body)
        expect(response.statusCode, `${what} as ${who}`).toBe(403)
        expect(response.json().error.code).toBe('forbidden')
      }
    }
  })
})

describe('proposed services', () => {
  it('lists a proposal with its names, category, proposer and time, and keeps it out of the catalogue', async () => {
    const mod = await staff('moderator')
    const proposer = await user(t, 'customer')
    const id = await proposed(proposer)
    const { first } = await catalogue(t)
    const listed = await admin(mod, 'GET', '/services')
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json()).toEqual({
      collection: [
        {
          id,
          names: { ru: approval.name_ru, en: approval.name_ru, oz: approval.name_ru, uz: approval.name_ru },
          description: null,
          suggested_slug: 'remont-naruchnykh-chasov',
          category: { id: first.id, slug: first.slug, name: first.name.ru },
          parent: null,
          proposed_by: { id: proposer.id, name: expect.any(String), surname: expect.any(String) },
          proposed_at: t.clock.now().toISOString().slice(0, 10) && expect.any(String),
        },
      ],
      next_cursor: null,
    })
    const search = (await send(t, 'GET', '/services?search=наручных&perPage=100', null)).json()
    expect(search.collection.map((row: { id: number }) => row.id)).not.toContain(id)
  })

  it('pages the queue oldest first by cursor', async () => {
    const mod = await staff('moderator')
    const proposer = await user(t, 'customer')
    const ids: number[] = []
    for (let n = 0; n < 21; n++) ids.push(await proposed(proposer, `Услуга номер ${n + 1}`))
    const first = (await admin(mod, 'GET', '/services')).json()
    expect(first.collection).toHaveLength(20)
    const second = (await admin(mod, 'GET', `/services?cursor=${first.next_cursor}`)).json()
    expect([...first.collection, ...second.collection].map((row: { id: number }) => row.id)).toEqual(ids)
    expect(second.next_cursor).toBeNull()
    const bad = await admin(mod, 'GET', '/services?cursor=WzEsMl0')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toHaveProperty('cursor')
  })

  it('approves into the catalogue under four names: search finds it at once, the category lists it, the proposer is told', async () => {
    const mod = await staff('moderator')
    const proposer = await user(t, 'customer')
    const { first } = await catalogue(t)
    // The catalogue's kept answers are warm before the approval.
    await send(t, 'GET', '/categories?with=services&count=services', null)
    const id = await proposed(proposer)

    const missing = await admin(mod, 'POST', `/services/${id}/approve`, { ...approval, name_uz: ' ' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields).toEqual({ name_uz: [expect.any(String)] })
    const tooLong = await admin(mod, 'POST', `/services/${id}/approve`, {
      ...approval,
      name_en: 'x'.repeat(61),
    })
    expect(tooLong.json().error.fields).toHaveProperty('name_en')
    const badSlug = await admin(mod, 'POST', `/services/${id}/approve`, { ...approval, slug: 'select' })
    expect(badSlug.json().error).toMatchObject({
      code: 'slug_invalid',
      fields: { slug: [expect.any(String)] },
    })
    const [taken] = await execute(sql`select slug from services where category_id = ${first.id} limit 1`)
    const clash = await admin(
      mod,
      'POST',
      `/services/${id}/approve`,
      { ...approval, slug: taken!.slug },
      'en',
    )
    expect(clash.statusCode).toBe(409)
    expect(clash.json().error).toMatchObject({
      code: 'slug_taken',
      message: 'This address is already in use',
    })

    const approved = await admin(mod, 'POST', `/services/${id}/approve`, approval, 'en')
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toEqual({
      id,
      outcome: 'approved',
      service: { id, name: 'Wristwatch repair', slug: 'wristwatch-repair', category_slug: first.slug },
    })
    // Found by any of its names, in any script, at once.
    for (const [lang, text] of [
      ['ru', 'наручных часов'],
      ['en', 'wristwatch'],
      ['oz', 'soatlarini'],
      ['uz', 'соатларини'],
    ] as const) {
      const found = (
        await send(t, 'GET', `/services?search=${encodeURIComponent(text)}`, null, undefined, lang)
      ).json()
      expect(
        found.collection.map((row: { id: number }) => row.id),
        text,
      ).toContain(id)
    }
    const category = (await send(t, 'GET', `/categories/${first.slug}`, null, undefined, 'en')).json()
    expect(category.services.map((row: { slug: string }) => row.slug)).toContain('wristwatch-repair')
    const home = (await send(t, 'GET', '/categories?with=services&count=services', null)).json()
    const listed = home.collection.find((row: { id: number }) => row.id === first.id)
    expect(listed.services.map((row: { id: number }) => row.id)).toContain(id)
    expect(
      (await send(t, 'GET', `/categories/${first.slug}/restnew/wristwatch-repair`, null)).statusCode,
    ).toBe(200)
    expect((await admin(mod, 'GET', '/services')).json().collection).toEqual([])

    await t.app.services.events.settled()
    expect((await bell(t, proposer)).collection).toEqual([
      expect.objectContaining({
        type_push: 'service_approved',
        message: 'Предложенная вами услуга теперь в каталоге: «Ремонт наручных часов»',
        link: `/${first.slug}/wristwatch-repair`,
      }),
    ])
    expect(await auditRows(`service:${id}`)).toEqual([
      { actorId: mod.id, action: 'service.approve', reason: `/${first.slug}/wristwatch-repair` },
    ])
  })

  it('merges into an approved service of the category: what pointed at the proposal moves, the row goes, the proposer is told', async () => {
    const mod = await staff('moderator')
    const proposer = await user(t, 'customer')
    const { first, ofFirst, ofSecond } = await catalogue(t)
    const into = ofFirst[1]!
    const id = await proposed(proposer, 'Часы')
    // What may point at a pending service, written to the tables: a specialist's line, an order, a review.
    const executor = await user(t)
    await provide(t, executor, [id])
    const other = await user(t)
    await provide(t, other, [id, into.id])
    const [order] = await execute(sql`
      insert into orders (customer_id, services, category_id, name, created_at, updated_at, status)
      values (${proposer.id}, ${`{${id},${into.id},${ofFirst[0]!.id}}`}::int[], ${first.id}, 'Заказ', now(), now(), 'archive')
      returning id`)
    const child = await proposed(proposer, 'Замена ремешка часов')
    await execute(sql`update services set parent_id = ${id} where id = ${child}`)

    const elsewhere = await admin(mod, 'POST', `/services/${id}/merge`, { into: ofSecond[0]!.id })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error).toMatchObject({
      code: 'merge_target_invalid',
      fields: { into: expect.any(Array) },
    })
    expect((await admin(mod, 'POST', `/services/${id}/merge`, { into: id })).statusCode).toBe(400)

    const merged = await admin(mod, 'POST', `/services/${id}/merge`, { into: into.id })
    expect(merged.statusCode, merged.body).toBe(200)
    expect(merged.json()).toMatchObject({ id, outcome: 'merged', service: { id: into.id, slug: into.slug } })
    expect(await execute(sql`select id from services where id = ${id}`)).toEqual([])
    const lines = await execute(
      sql`select user_id as "userId", service_id as "serviceId" from speciality_services where user_id in (${executor.id}, ${other.id}) order by user_id`,
    )
    expect(lines).toEqual([
      { userId: executor.id, serviceId: into.id },
      { userId: other.id, serviceId: into.id },
    ])
    const [moved] = await execute(sql`select services from orders where id = ${order!.id}`)
    expect(moved!.services).toEqual([into.id, ofFirst[0]!.id])
    const [sub] = await execute(sql`select parent_id as "parentId" from services where id = ${child}`)
    expect(sub!.parentId).toBe(into.id)

    await t.app.services.events.settled()
    expect((await bell(t, proposer)).collection).toEqual([
      expect.objectContaining({
        type_push: 'service_approved',
        message: `Предложенная вами услуга теперь в каталоге: «${into.name.ru}»`,
      }),
    ])
    expect(await auditRows(`service:${id}`)).toEqual([
      { actorId: mod.id, action: 'service.merge', reason: `service:${into.id}` },
    ])
  })

  it('rejects with a reason the proposer reads; the service is never listed', async () => {
    const mod = await staff('moderator')
    const proposer = await user(t, 'customer')
    const id = await proposed(proposer, 'Гадание на кофейной гуще')
    const noReason = await admin(mod, 'POST', `/services/${id}/reject`, { reason: '  ' })
    expect(noReason.json().error).toMatchObject({ code: 'moderation_reason_required' })
    const reason = 'Такие услуги не размещаются'
    const rejected = await admin(mod, 'POST', `/services/${id}/reject`, { reason })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json()).toEqual({ id, outcome: 'rejected', service: null })
    const found = (await send(t, 'GET', '/services?search=гадание&perPage=100', null)).json()
    expect(found.collection.map((row: { id: number }) => row.id)).not.toContain(id)
    expect((await send(t, 'GET', `/services/${id}`, null)).statusCode).toBe(404)

    await t.app.services.events.settled()
    expect((await bell(t, proposer)).collection).toEqual([
      expect.objectContaining({
        type_push: 'service_rejected',
        message: `Предложенная вами услуга «Гадание на кофейной гуще» не добавлена в каталог. Причина: ${reason}`,
        link: '/services-all',
      }),
    ])
    expect(await auditRows(`service:${id}`)).toEqual([{ actorId: mod.id, action: 'service.reject', reason }])
  })

  it('answers 409 to a second decision, whichever came first, and 404 to a proposal that never was', async () => {
    const [mod, late] = [await staff('moderator'), await staff('moderator')]
    const proposer = await user(t, 'customer')
    const { ofFirst } = await catalogue(t)
    const decisions = [
      ['approve', approval],
      ['merge', { into: ofFirst[0]!.id }],
      ['reject', { reason: 'Дубликат' }],
    ] as const
    for (const [first, firstBody] of decisions) {
      const id = await proposed(proposer, `Услуга для решения ${first}`)
      const body = first === 'approve' ? { ...firstBody, slug: `decided-${id}` } : firstBody
      expect((await admin(mod, 'POST', `/services/${id}/${first}`, body)).statusCode).toBe(200)
      for (const [second, secondBody] of decisions) {
        const again = await admin(late, 'POST', `/services/${id}/${second}`, secondBody, 'en')
        expect(again.statusCode, `${second} after ${first}`).toBe(409)
        expect(again.json().error).toMatchObject({
          code: 'proposal_decided',
          message: 'Another moderator has already decided on this proposed service',
        })
      }
    }
    expect((await admin(mod, 'POST', '/services/999999/reject', { reason: 'Нет' })).statusCode).toBe(404)
    // An approved service of the catalogue is no proposal.
    expect((await admin(mod, 'POST', `/services/${ofFirst[0]!.id}/approve`, approval)).statusCode).toBe(404)
  })
})

describe('reviews', () => {
  it('lists reviews newest first, of everyone or one specialist, with author and specialist', async () => {
    const mod = await staff('moderator')
    const [anvar, bobur] = [await user(t), await user(t)]
    const a = await reviewed(anvar, 5)
    t.clock.advance(60)
    const b = await reviewed(bobur, 3, 'Опоздал на час')
    const all = (await admin(mod, 'GET', '/reviews')).json()
    expect(all.collection.map((row: { id: number }) => row.id)).toEqual([b.id, a.id])
    expect(all.collection[0]).toMatchObject({
      rating: 3,
      comment: 'Опоздал на час',
      order_id: b.orderId,
      author: { id: b.customer.id },
      specialist: { id: bobur.id },
      hidden: null,
    })
    const ofAnvar = (await admin(mod, 'GET', `/reviews?specialist=${anvar.id}`)).json()
    expect(ofAnvar.collection.map((row: { id: number }) => row.id)).toEqual([a.id])
  })

  it('hides a review everywhere and counts the rating again; showing it again restores both', async () => {
    const mod = await staff('moderator')
    const executor = await user(t)
    const kept = await reviewed(executor, 5)
    const rude = await reviewed(executor, 1, 'Грубый отзыв с оскорблениями')
    expect(await publicProfile(executor)).toMatchObject({ rating: 3, reviews_count: 2 })

    const noReason = await admin(mod, 'POST', `/reviews/${rude.id}/hide`, {})
    expect(noReason.json().error).toMatchObject({ code: 'moderation_reason_required' })
    const hidden = await admin(mod, 'POST', `/reviews/${rude.id}/hide`, { reason: 'Оскорбления' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({ id: rude.id, hidden: { reason: 'Оскорбления' } })

    const profile = await publicProfile(executor)
    expect(profile).toMatchObject({ rating: 5, reviews_count: 1 })
    expect(profile.latest_reviews.map((row) => row.id)).toEqual([kept.id])
    const page = (await send(t, 'GET', `/profile/${executor.id}/reviews`, null)).json()
    expect(page.collection.map((row: { id: number }) => row.id)).toEqual([kept.id])
    expect(page).toMatchObject({ rating: 5, reviews_count: 1, breakdown: { 1: 0, 5: 1 } })
    // The specialist's own profile, kept in the session cache, has the new figures too.
    expect((await send(t, 'GET', '/profile', executor)).json()).toMatchObject({ rating: 5, reviews_count: 1 })
    // The order's review: gone for everyone but the customer who wrote it.
    expect((await send(t, 'GET', `/orders/${rude.orderId}/review`, executor)).statusCode).toBe(404)
    expect((await send(t, 'GET', `/orders/${rude.orderId}/review`, rude.customer)).statusCode).toBe(200)
    // The moderators still see it, marked hidden.
    const listed = (await admin(mod, 'GET', '/reviews')).json().collection
    expect(listed.find((row: { id: number }) => row.id === rude.id).hidden).toMatchObject({
      reason: 'Оскорбления',
    })
    const again = await admin(mod, 'POST', `/reviews/${rude.id}/hide`, { reason: 'Ещё раз' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('review_already_hidden')

    const shown = await admin(mod, 'POST', `/reviews/${rude.id}/unhide`, { reason: 'Автор извинился' })
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json().hidden).toBeNull()
    const restored = await publicProfile(executor)
    expect(restored).toMatchObject({ rating: 3, reviews_count: 2 })
    expect(restored.latest_reviews.map((row) => row.id)).toEqual([rude.id, kept.id])
    expect((await admin(mod, 'POST', `/reviews/${rude.id}/unhide`, {})).json().error.code).toBe(
      'review_not_hidden',
    )
    expect((await admin(mod, 'POST', '/reviews/999999/hide', { reason: 'x' })).statusCode).toBe(404)

    expect(await auditRows(`review:${rude.id}`)).toEqual([
      { actorId: mod.id, action: 'review.hide', reason: 'Оскорбления' },
      { actorId: mod.id, action: 'review.unhide', reason: 'Автор извинился' },
    ])
  })

  it('forgets the specialist’s kept public page when a review is hidden', async () => {
    const mod = await staff('moderator')
    const executor = await user(t)
    await reviewed(executor, 5)
    const rude = await reviewed(executor, 1, 'Грубый отзыв с оскорблениями')
    const [row] = await execute(sql`select slug from users where id = ${executor.id}`)
    const path = `/profile/${String(row!.slug)}`
    const head = async () => {
      const plan = await t.app.services.pageHeads.pageFor(path, 'en', 'http://localhost')
      return JSON.stringify(plan)
    }
    expect(await head()).toContain('Rating 3.0, reviews: 2.')
    await admin(mod, 'POST', `/reviews/${rude.id}/hide`, { reason: 'Оскорбления' })
    await t.app.services.events.settled()
    expect(await head()).toContain('Rating 5.0, reviews: 1.')
  })
})
