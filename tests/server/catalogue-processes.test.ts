import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const redisUrl = process.env.REDIS_URL
const t = useTestApp({ catalogue: true })

type Category = { id: number; services?: { id: number; name: string }[] }

// Behind a load balancer the moderator's decision reaches one process; the visitor's next request may reach another.
describe.runIf(redisUrl)('the catalogue kept in several processes on one Redis', () => {
  it('is read again in every process once a moderator adds a service', async () => {
    const config = { ...testConfig({ REDIS_URL: redisUrl }), JWT_SECRET: TEST_SECRET }
    const [deciding, other] = await Promise.all([
      buildApp({ config, database: t.db }),
      buildApp({ config, database: t.db }),
    ])
    const names = async () => {
      const response = await other.inject({
        method: 'GET',
        url: '/api/fika/freelancer/v1.0.1/categories?with=services',
        headers: { 'accept-language': 'ru' },
      })
      expect(response.statusCode, response.body).toBe(200)
      const answer = response.json<{ collection: Category[] } | Category[]>()
      const categories = Array.isArray(answer) ? answer : answer.collection
      return categories.flatMap((category) => (category.services ?? []).map((service) => service.name))
    }
    const execute = async (query: ReturnType<typeof sql>) =>
      ((await t.db.db.execute(query)) as unknown as { rows: { id: number }[] }).rows
    try {
      // Kept by the other process before the change, for longer than the wait below (30 s). NOTE: that it still
      // answers the old name after the update is not asserted: any app on this Redis (the other test files' apps) may
      // tell it to forget, and so does its broadcast's first connection ("may have missed some").
      const before = await names()
      expect(before.length).toBeGreaterThan(0)
      const [row] = await execute(sql`select id from services where parent_id is null order by id limit 1`)
      await execute(
        sql`update services set name = jsonb_set(name, '{ru}', '"Ремонт наручных часов"') where id = ${row!.id}`,
      )

      deciding.services.events.publish({
        type: 'service.decided',
        outcome: 'approved',
        proposerId: null,
        moderatorId: 1,
        name: { ru: 'Ремонт наручных часов', en: 'Watch repair', oz: 'Soat tuzatish', uz: 'Соат тузатиш' },
        link: '/',
        reason: null,
      })
      await expect.poll(names, { timeout: 5000 }).toContain('Ремонт наручных часов')
    } finally {
      await Promise.all([deciding.close(), other.close()])
    }
  })
})
