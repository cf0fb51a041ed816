import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { createLocalStorage } from '#server/adapters/storage/local-storage.ts'
import { seedDemoUsers } from '#server/seed/demo-users.ts'
import { seedDemoOrders } from '#server/seed/demo-orders.ts'
import { demoPlans, seedDemoPlans } from '#server/seed/demo-plans.ts'
import { DEMO_SPECIALISTS_COUNT, seedDemoSpecialists } from '#server/seed/demo-specialists.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { expectLedgerConsistent } from '#tests/helpers/wallet.ts'

const t = useTestApp({ catalogue: true })
const NOW = new Date('2026-11-21T09:00:00.000Z')
// The folder the test app serves /api/uploads from (testConfig's DATA_DIR).
const storage = createLocalStorage(join(tmpdir(), 'fika-test-data'))

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows

describe('the regions and districts of npm start', () => {
  it('lists the 14 regions with their 209 districts and cities, each named in the four languages, once', async () => {
    expect(await seedRegions(t.db.db)).toBe(0)
    const [counts] = await rows<{ regions: number; districts: number; unnamed: number }>(sql`
      select (select count(*)::int from regions) as regions, (select count(*)::int from districts) as districts,
             (select count(*)::int from (select name from regions union all select name from districts) n
               where coalesce(n.name->>'oz', '') = '' or coalesce(n.name->>'uz', '') = ''
                  or coalesce(n.name->>'ru', '') = '' or coalesce(n.name->>'en', '') = '') as unnamed`)
    expect(counts).toEqual({ regions: 14, districts: 209, unnamed: 0 })
    const tashkent = await rows<{ region: string; district: string }>(sql`
      select r.name->>'en' as region, d.name->>'en' as district from districts d join regions r on r.id = d.region_id
      where d.code = 'yunusabad-district'`)
    expect(tashkent).toEqual([{ region: 'Tashkent city', district: 'Yunusabad district' }])
  })
})

describe('the demo specialists of npm start', () => {
  it('adds forty listed specialists once, each with an active specialty, prices and districts', async () => {
    await seedDemoUsers(t.db.db)
    expect(await seedDemoOrders(t.db.db, NOW)).toBe(10)
    expect(await seedDemoSpecialists(t.db.db, storage, NOW)).toBe(40)
    expect(await seedDemoSpecialists(t.db.db, storage, NOW)).toBe(0)
    expect(DEMO_SPECIALISTS_COUNT).toBe(40)

    const specialists = await rows<{
      id: number
      type: string
      active_services: number
      districts: number
      known_districts: number
      priced: number
    }>(sql`
      select u.id, u.type,
             (select count(*)::int from speciality_services l join specialities s on s.id = l.speciality_id
               where l.user_id = u.id and l.active and s.active) as active_services,
             cardinality(u.district_ids) as districts,
             (select count(*)::int from districts d where d.id = any(u.district_ids)) as known_districts,
             (select count(*)::int from speciality_services l where l.user_id = u.id and l.price_from > 0) as priced
      from users u where u.phone like '9989011120%'`)
    expect(specialists).toHaveLength(40)
    for (const specialist of specialists) {
      expect(specialist.type).toBe('executor')
      expect(specialist.active_services).toBeGreaterThanOrEqual(2)
      expect(specialist.active_services).toBeLessThanOrEqual(5)
      expect(specialist.priced).toBe(specialist.active_services)
      expect(specialist.districts).toBeGreaterThan(0)
      expect(specialist.known_districts).toBe(specialist.districts)
    }
    const [categories] = await rows<{ count: number }>(
      sql`select count(distinct category_id)::int as count from specialities`,
    )
    expect(categories!.count).toBe(16)
    // The ten open demo orders are still the only open ones: the specialists' orders are completed.
    const [open] = await rows<{ count: number }>(
      sql`select count(*)::int as count from orders where status = 'open'`,
    )
    expect(open!.count).toBe(10)
  })

  it("keeps every specialist's rating and reviews count equal to their reviews", async () => {
    await seedDemoUsers(t.db.db)
    await seedDemoSpecialists(t.db.db, storage, NOW)
    const mismatched = await rows<{ id: number }>(sql`
      select u.id from users u left join reviews r on r.executor_id = u.id
      where u.phone like '9989011120%'
      group by u.id, u.rating, u.reviews_count
      having u.reviews_count <> count(r.id)
          or abs(u.rating - coalesce(round(avg(r.rating)::numeric, 1), 0)) > 0.001`)
    expect(mismatched).toEqual([])
    const [reviewed] = await rows<{ specialists: number; reviews: number }>(sql`
      select count(distinct r.executor_id)::int as specialists, count(*)::int as reviews
      from reviews r join orders o on o.id = r.order_id and o.status = 'completed' and o.executor_id = r.executor_id`)
    expect(reviewed!.specialists).toBeGreaterThan(20)
    expect(reviewed!.reviews).toBeGreaterThan(reviewed!.specialists)
  })

  it('serves the portfolio and certificate pictures it copied into the uploads', async () => {
    await seedDemoUsers(t.db.db)
    await seedDemoSpecialists(t.db.db, storage, NOW)
    const files = await rows<{ file: string }>(sql`
      select unnest(photos) as file from works union all select unnest(files) from documents`)
    expect(files.length).toBeGreaterThan(60)
    for (const { file } of files.slice(0, 5).concat(files.slice(-5))) {
      const answer = await t.inject({ method: 'GET', url: file })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('image/webp')
      expect(answer.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
    }
    const [events] = await rows<{ weekly: number; users: number }>(sql`
      select count(*) filter (where period = 'weekly')::int as weekly, count(distinct user_id)::int as users
      from calendar_events`)
    expect(events).toEqual({ weekly: 40, users: 40 })
  })

  it('gives the main demo specialist a year of professional and every specialist with a discount master, through the wallet, once', async () => {
    await seedDemoUsers(t.db.db)
    await seedDemoSpecialists(t.db.db, storage, NOW)
    const wallet = t.app.services.wallet
    expect(await seedDemoPlans(t.db.db, wallet)).toBe(demoPlans().length)
    expect(await seedDemoPlans(t.db.db, wallet)).toBe(0)

    const plans = await rows<{
      phone: string
      plan: string
      invoices: number
      from: string
      until: string
    }>(sql`
      select u.phone, min(p.plan) as plan, count(distinct i.id)::int as invoices,
             min(p.starts_at) as from, max(p.ends_at) as until
      from users u join plan_periods p on p.user_id = u.id join wallet_invoices i on i.id = p.invoice_id
      where i.status = 'paid' group by u.phone order by u.phone`)
    expect(plans).toHaveLength(demoPlans().length)
    const main = plans.find((row) => row.phone === '998901110002')!
    expect(main).toMatchObject({ plan: 'professional', invoices: 4 })
    expect(new Date(main.from).toISOString()).toBe(t.clock.now().toISOString())
    expect(new Date(main.until).toISOString()).toBe('2027-11-21T09:00:00.000Z')

    // Every seeded discount is shown: its owner's plan has discounts. The ledger is the wallet's own.
    const discounted = await rows<{ id: number; discount_percent: number }>(
      sql`select id, discount_percent from users where discount_percent > 0`,
    )
    expect(discounted.length).toBeGreaterThan(0)
    for (const { id, discount_percent } of discounted) {
      const profile = await t.inject({ method: 'GET', url: `${V1}/myprofile/${id}` })
      expect(profile.json()).toMatchObject({ discount_percent })
    }
    await expectLedgerConsistent(t, [])
  })
})
