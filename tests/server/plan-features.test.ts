import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FREE_MEDIA_BYTES } from '#contract/schemas/plan-features.ts'
import type { PublicProfile } from '#contract/schemas/specialists.ts'
import { testConfig } from '#server/config.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { calendarEvents, specialities } from '#server/db/schema/specialists.ts'
import { multipart, phonePhoto, send, upload, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { expectLedgerConsistent, grantPlan, relogin } from '#tests/helpers/wallet.ts'

/**
 * Each row of the plan features' rules (docs/decisions/016-plan-features.md, /work/notes/rules016.md): refused
 * without the plan, allowed with it, and after the plan ends locked again with nothing deleted. Plans are bought
 * through the real checkout and the sandbox page.
 */
const t = useTestApp({ catalogue: true, config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } })
const DAY_S = 24 * 3600

const RU = {
  starter: 'Это доступно с тарифом «Стартер»: выберите его в кошельке',
  master: 'Это доступно с тарифом «Мастер»: выберите его в кошельке',
  professional: 'Это доступно с тарифом «Профессионал»: выберите его в кошельке',
  specialities: 'Без тарифа можно указать до 3 специальностей; тариф «Стартер» снимает ограничение',
  file: 'Без тарифа файл может весить до 2 МБ; с тарифом «Стартер» — до 10 МБ',
}

type Answer = Awaited<ReturnType<typeof send>>
/** A 403 of the plan rules: its code and its Russian message. */
function expectLocked(response: Answer, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(403)
  expect(response.json().error).toMatchObject({ type: 'forbidden', code, message })
}
function expectOk(response: Answer, status = 200) {
  expect(response.statusCode, response.body).toBe(status)
}

/** Past the end of a one-month plan; the access tokens have expired by then, so the callers log in again. */
async function afterThePlan(...callers: Caller[]) {
  t.clock.advance(32 * DAY_S)
  return Promise.all(callers.map((caller) => relogin(t, caller)))
}

/** Four categories of the seeded catalogue with an approved service each. */
async function fourCategories() {
  const db = t.db.db
  const rows = await db.select().from(categories).orderBy(asc(categories.position)).limit(4)
  return Promise.all(
    rows.map(async (category) => {
      const [service] = await db
        .select()
        .from(services)
        .where(and(eq(services.categoryId, category.id), eq(services.status, 'approved')))
        .limit(1)
      return { category: category.id, services: [{ service: service!.id, price_from: 100_000 }] }
    }),
  )
}

const addSpecialityOf = (caller: Caller, body: unknown, forUser = caller.id) =>
  send(t, 'POST', `/speciality/${forUser}/all`, caller, body)

const EVENT = {
  title: 'Клиент',
  started_at: '2026-11-25T05:00:00.000Z',
  ended_at: '2026-11-25T07:00:00.000Z',
  period: 'once',
}
const calendarOf = (id: number, caller: Caller | null) =>
  send(t, 'GET', `/profile/${id}/calendar?from=2026-11-24&to=2026-11-30`, caller)

/** A PNG of noise: valid, and (noise does not compress) a little over 3 MB. */
const bigPhoto = () =>
  sharp(Buffer.from(Array.from({ length: 1024 * 1024 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 1024, height: 1024, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()

describe('unlimited_specialties (starter)', () => {
  it('refuses a 4th specialty without a plan, keeps rewriting one of the three, and lifts the limit with starter', async () => {
    const specialist = await user(t, 'executor')
    const [a, b, c, d] = await fourCategories()
    for (const body of [a, b, c]) expectOk(await addSpecialityOf(specialist, body))
    expectLocked(await addSpecialityOf(specialist, d), 'specialities_limit_without_plan', RU.specialities)
    // Writing a category already listed is not a new specialty.
    expectOk(await addSpecialityOf(specialist, a))
    // Someone else's list is not theirs to write, plan or not.
    const stranger = await user(t, 'executor')
    const other = await addSpecialityOf(stranger, d, specialist.id)
    expect(other.statusCode).toBe(403)
    expect(other.json().error.code).toBe('forbidden')

    await grantPlan(t, specialist, 'starter')
    expectOk(await addSpecialityOf(specialist, d))
    expect(await t.db.db.$count(specialities, eq(specialities.userId, specialist.id))).toBe(4)

    // The plan ends: the four stay listed, a fifth can't be added.
    const [again] = await afterThePlan(specialist)
    const listed = await send(t, 'GET', `/speciality/${specialist.id}/all`, null)
    expect(listed.json().collection).toHaveLength(4)
    const [extra] = await t.db.db
      .select()
      .from(categories)
      .orderBy(asc(categories.position))
      .offset(4)
      .limit(1)
    const [service] = await t.db.db.select().from(services).where(eq(services.categoryId, extra!.id)).limit(1)
    expectLocked(
      await addSpecialityOf(again!, { category: extra!.id, services: [{ service: service!.id }] }),
      'specialities_limit_without_plan',
      RU.specialities,
    )
  })
})

describe('calendar (starter)', () => {
  it('refuses adding without a plan; with starter the owner adds, changes and deletes; a stranger never writes', async () => {
    const specialist = await user(t, 'executor')
    expectLocked(await send(t, 'POST', '/calendar', specialist, EVENT), 'plan_required_starter', RU.starter)

    await grantPlan(t, specialist, 'starter')
    const added = await send(t, 'POST', '/calendar', specialist, EVENT)
    expectOk(added, 201)
    const id = added.json<{ id: number }>().id
    const changed = { ...EVENT, title: 'Постоянный клиент' }
    expectOk(await send(t, 'PUT', `/calendar/${id}`, specialist, changed))
    const second = await send(t, 'POST', '/calendar', specialist, {
      ...EVENT,
      started_at: '2026-11-26T05:00:00.000Z',
      ended_at: '2026-11-26T06:00:00.000Z',
    })
    expectOk(second, 201)
    expectOk(await send(t, 'DELETE', `/calendar/${second.json<{ id: number }>().id}`, specialist))

    // A customer (or anyone else) cannot write someone else's calendar: forbidden, not a plan matter.
    const customer = await user(t, 'customer')
    for (const response of [
      await send(t, 'PUT', `/calendar/${id}`, customer, EVENT),
      await send(t, 'DELETE', `/calendar/${id}`, customer),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe('forbidden')
    }

    // The plan ends: the event stays readable to the owner and visitors, but is not written any more.
    const [owner, visitor] = await afterThePlan(specialist, customer)
    const own = await calendarOf(specialist.id, owner!)
    expect(own.json().collection).toEqual([expect.objectContaining({ id, title: 'Постоянный клиент' })])
    for (const caller of [visitor!, null])
      expect((await calendarOf(specialist.id, caller)).json().busy).toHaveLength(1)
    expectLocked(await send(t, 'PUT', `/calendar/${id}`, owner!, EVENT), 'plan_required_starter', RU.starter)
    expectLocked(await send(t, 'DELETE', `/calendar/${id}`, owner!), 'plan_required_starter', RU.starter)
    expectLocked(await send(t, 'POST', '/calendar', owner!, EVENT), 'plan_required_starter', RU.starter)
    expect(await t.db.db.$count(calendarEvents, eq(calendarEvents.userId, specialist.id))).toBe(1)
  })
})

describe('media_10mb (starter)', () => {
  it('refuses a work photo or a document file over 2 MB without a plan, takes small ones, and big ones with starter', async () => {
    const specialist = await user(t, 'executor')
    const big = await bigPhoto()
    expect(big.length).toBeGreaterThan(FREE_MEDIA_BYTES)
    const work = await send(t, 'POST', '/works', specialist, { title: 'Кухня' })
    const document = await send(t, 'POST', '/documents', specialist, { name: 'Диплом' })
    expectOk(work, 201)
    expectOk(document, 201)
    const workFile = `/works/${work.json<{ id: number }>().id}/photos`
    const documentFile = `/documents/${document.json<{ id: number }>().id}/files`

    for (const url of [workFile, documentFile]) {
      const refused = await upload(t, url, specialist, multipart(big, 'big.png', 'image/png'))
      expectLocked(refused, 'file_too_large_without_plan', RU.file)
      expect(refused.json().error.fields).toEqual({ file: [RU.file] })
      expectOk(await upload(t, url, specialist, multipart(await phonePhoto())))
    }

    await grantPlan(t, specialist, 'starter')
    for (const url of [workFile, documentFile])
      expectOk(await upload(t, url, specialist, multipart(big, 'big.png', 'image/png')))

    // The plan ends: the files stay, a big one is refused again.
    const [again] = await afterThePlan(specialist)
    const works = await send(t, 'GET', `/profile/${specialist.id}/works`, null)
    expect(works.json().collection[0].photos).toHaveLength(2)
    expectLocked(
      await upload(t, workFile, again!, multipart(big, 'big.png', 'image/png')),
      'file_too_large_without_plan',
      RU.file,
    )
  })
})

describe('statistics (master)', () => {
  it('refuses the statistics without master (starter is not enough) while views keep being counted', async () => {
    const specialist = await user(t, 'executor')
    const visitor = await user(t, 'customer')
    expectLocked(await send(t, 'GET', '/profile/statistics', specialist), 'plan_required_master', RU.master)
    // A view while locked is counted all the same.
    expectOk(await send(t, 'GET', `/myprofile/${specialist.id}`, visitor))

    await grantPlan(t, specialist, 'starter')
    expectLocked(await send(t, 'GET', '/profile/statistics', specialist), 'plan_required_master', RU.master)
    await grantPlan(t, specialist, 'master')
    // The master period is queued after the starter month.
    t.clock.advance(31 * DAY_S)
    const owner = await relogin(t, specialist)
    const statistics = await send(t, 'GET', '/profile/statistics', owner)
    expectOk(statistics)
    // The view of the locked month is among the twelve weeks.
    const weeks = statistics.json<{ weeks: { views: number }[] }>().weeks
    expect(weeks.reduce((sum, week) => sum + week.views, 0)).toBe(1)

    const [after] = await afterThePlan(owner)
    expectLocked(await send(t, 'GET', '/profile/statistics', after!), 'plan_required_master', RU.master)
  })

  it('counts the views of a locked month: they show once master is bought', async () => {
    const specialist = await user(t, 'executor')
    const visitor = await user(t, 'customer')
    expectOk(await send(t, 'GET', `/myprofile/${specialist.id}`, visitor))
    await grantPlan(t, specialist, 'master')
    const statistics = await send(t, 'GET', '/profile/statistics', specialist)
    expectOk(statistics)
    expect(statistics.json<{ weeks: { views: number }[] }>().weeks.at(-1)!.views).toBe(1)
  })
})

describe('discounts (master)', () => {
  it('refuses setting a discount without master, naming each field; clearing it is always allowed', async () => {
    const specialist = await user(t, 'executor')
    const percent = await send(t, 'PUT', `/profile/${specialist.id}`, specialist, { discount_percent: 10 })
    expectLocked(percent, 'plan_required_master', RU.master)
    expect(percent.json().error.fields).toEqual({ discount_percent: [RU.master] })
    const text = await send(t, 'PUT', `/profile/${specialist.id}`, specialist, {
      discount_text: 'Скидка на первый заказ',
    })
    expect(text.json().error.fields).toEqual({ discount_text: [RU.master] })
    const both = await send(t, 'PUT', `/profile/${specialist.id}`, specialist, {
      discount_percent: 5,
      discount_text: 'Скидка',
    })
    expect(Object.keys(both.json().error.fields)).toEqual(['discount_percent', 'discount_text'])
    expectOk(
      await send(t, 'PUT', `/profile/${specialist.id}`, specialist, {
        discount_percent: 0,
        discount_text: ' ',
      }),
    )

    await grantPlan(t, specialist, 'starter')
    expectLocked(
      await send(t, 'PUT', `/profile/${specialist.id}`, specialist, { discount_percent: 10 }),
      'plan_required_master',
      RU.master,
    )
  })

  it("shows the discount on the public profile only while the owner's plan has it, and keeps it for the owner", async () => {
    const specialist = await user(t, 'executor')
    const stranger = await user(t, 'customer')
    await grantPlan(t, specialist, 'master')
    const set = await send(t, 'PUT', `/profile/${specialist.id}`, specialist, {
      discount_percent: 15,
      discount_text: 'Скидка на первый заказ',
    })
    expectOk(set)
    const shown = { discount_percent: 15, discount_text: 'Скидка на первый заказ' }
    for (const caller of [stranger, null, specialist])
      expect(
        (await send(t, 'GET', `/myprofile/${specialist.id}`, caller)).json<PublicProfile>(),
      ).toMatchObject(shown)

    // The plan ends: hidden from everyone on the public profile, still stored and shown in the owner's own profile.
    const [owner, visitor] = await afterThePlan(specialist, stranger)
    const hidden = { discount_percent: 0, discount_text: null }
    for (const caller of [visitor!, null, owner!])
      expect(
        (await send(t, 'GET', `/myprofile/${specialist.id}`, caller)).json<PublicProfile>(),
      ).toMatchObject(hidden)
    expect((await send(t, 'GET', '/profile', owner!)).json()).toMatchObject(shown)
    // Changing another field keeps the stored discount.
    expectOk(await send(t, 'PUT', `/profile/${specialist.id}`, owner!, { about: 'Новый текст' }))
    expect((await send(t, 'GET', '/profile', owner!)).json()).toMatchObject(shown)

    // Buying again brings it back.
    await grantPlan(t, owner!, 'master')
    expect((await send(t, 'GET', `/myprofile/${specialist.id}`, null)).json<PublicProfile>()).toMatchObject(
      shown,
    )
    await expectLedgerConsistent(t, [owner!])
  })
})

describe('profile_sharing (professional)', () => {
  it("refuses the owner's share link without professional and answers it, in the caller's language, with it", async () => {
    const specialist = await user(t, 'executor')
    expectLocked(
      await send(t, 'GET', '/profile/share', specialist),
      'plan_required_professional',
      RU.professional,
    )
    await grantPlan(t, specialist, 'master')
    expectLocked(
      await send(t, 'GET', '/profile/share', specialist),
      'plan_required_professional',
      RU.professional,
    )
    expect((await send(t, 'GET', '/profile/share', null)).statusCode).toBe(401)

    const specialist2 = await user(t, 'executor')
    await grantPlan(t, specialist2, 'professional')
    const profile = (await send(t, 'GET', '/profile', specialist2)).json<{
      slug: string
      name: string
      surname: string
    }>()
    const url = `${testConfig().PUBLIC_URL}/profile/${profile.slug}`
    const name = `${profile.name} ${profile.surname}`
    expect((await send(t, 'GET', '/profile/share', specialist2)).json()).toEqual({
      url,
      text: `${name} — специалист на Fika`,
    })
    expect((await send(t, 'GET', '/profile/share', specialist2, undefined, 'en')).json()).toEqual({
      url,
      text: `${name} — specialist on Fika`,
    })
    expect((await send(t, 'GET', '/profile/share', specialist2, undefined, 'oz')).json().text).toBe(
      `${name} — Fika mutaxassisi`,
    )
    // Visitors share a public profile by its public address: the profile itself is not locked.
    expectOk(await send(t, 'GET', `/myprofile/${profile.slug}`, null))

    // The plan ends: the link is locked again.
    const [again] = await afterThePlan(specialist2)
    expectLocked(
      await send(t, 'GET', '/profile/share', again!),
      'plan_required_professional',
      RU.professional,
    )
  })
})
