/**
 * npm run bench:explain-lists [-- --specialists N] — the plans (EXPLAIN ANALYZE) of the specialists list as the
 * repository writes it, for the benchmark's busiest service and district pair: page 1 by rating and by price, a deep
 * page by cursor, and their capped total; then the time of one call of each, alone, averaged over 20 calls. Seeds N
 * specialists (100,000 by default) like `bench:executors`, on PGlite in memory or, with DATABASE_URL, on a database
 * of its own on that PostgreSQL. The plans go into docs/decisions/012.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { seedCatalogue, seedContent } from '#server/seed/catalogue-seed.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import type { createExecutorsRepository, ExecutorFilters } from '#server/modules/executors/repository.ts'
import { createTestDatabase } from '#tests/helpers/database.ts'
import { seedSpecialists } from './bench-server.ts'

const index = process.argv.indexOf('--specialists')
const count = index > 0 ? Number(process.argv[index + 1]) : 100_000
const repositoryPath = process.argv.includes('--repository')
  ? process.argv[process.argv.indexOf('--repository') + 1]!
  : '#server/modules/executors/repository.ts'
const create = (
  (await import(repositoryPath)) as { createExecutorsRepository: typeof createExecutorsRepository }
).createExecutorsRepository

const database = await createTestDatabase()
try {
  await seedCatalogue(database.db, {})
  await seedContent(database.db)
  await seedRegions(database.db)
  const started = Date.now()
  const { pairs } = await seedSpecialists(database, count)
  const { service, district } = pairs[0]!
  const size = (await database.db.execute(
    sql`select pg_size_pretty(pg_total_relation_size('speciality_services')) as lines,
               pg_size_pretty(pg_relation_size('speciality_services_by_rating')) as by_rating,
               pg_size_pretty(pg_relation_size('speciality_services_by_price')) as by_price`,
  )) as unknown as { rows: Record<string, string>[] }
  console.log(
    `${count} specialists on ${database.kind} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s); ` +
      `service ${service}, district ${district}; sizes ${JSON.stringify(size.rows[0])}\n`,
  )

  // The repository's own statements, each asked with EXPLAIN ANALYZE in front.
  const explained: string[] = []
  const explaining = {
    execute: async (query: SQL) => {
      const plan = (await database.db.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as {
        rows: Record<string, string>[]
      }
      explained.push(plan.rows.map((row) => Object.values(row)[0]).join('\n'))
      return { rows: [] }
    },
  } as unknown as Database
  const filters = (sort: ExecutorFilters['sort']) =>
    ({ serviceId: service, districtId: district, verifiedOnly: false, sort, perPage: 10 }) as ExecutorFilters
  const real = create(database.db)
  // A deep page: the keys of the specialist halfway down the list, as a cursor would carry them.
  const { total } = await real.list(filters('rating'), undefined, 0, new Date())
  const halfway = Math.floor(total / 2)
  const deep = await real.list({ ...filters('rating'), perPage: halfway }, undefined, 0, new Date())
  // A repository without cursors (`--repository` of an older one) goes there by OFFSET.
  const cases: [string, ExecutorFilters, Parameters<typeof real.list>[1], number][] = [
    ['page 1 by rating', filters('rating'), undefined, 0],
    ['page 1 by price', filters('price'), undefined, 0],
    [
      `the page after ${halfway} specialists, by rating`,
      filters('rating'),
      deep.next,
      deep.next ? 0 : halfway,
    ],
    // Without a service the lines are grouped per specialist (decision 012, "Left open").
    [
      'page 1 of a district, any service, by rating',
      { ...filters('rating'), serviceId: undefined },
      undefined,
      0,
    ],
    // Served by users_listed_by_reviews (0019) since issue 14's session.
    [
      'page 1 of a district, any service, most reviewed',
      { ...filters('reviews'), serviceId: undefined },
      undefined,
      0,
    ],
  ]
  for (const [title, query, after, offset] of cases) {
    explained.length = 0
    await create(explaining).list(query, after, offset, new Date())
    console.log(`## ${title}\n\n${explained.join('\n\n-- the capped total:\n')}\n`)
  }
  for (const [title, query, after, offset] of cases) {
    const runs = 20
    const start = performance.now()
    for (let i = 0; i < runs; i++) await real.list(query, after, offset, new Date())
    console.log(`${title}: ${((performance.now() - start) / runs).toFixed(1)} ms per call, alone`)
  }

  // The promoted cards above page 1 (decision 016): one specialist in a hundred promoted, the rest long ended.
  await database.db.execute(sql`
    insert into profile_promotions (user_id, starts_at, ends_at, updated_at)
    select id, now() - interval '40 days', case when id % 100 = 0 then now() + interval '5 days'
      else now() - interval '10 days' end, now()
    from users where slug like 'bench-specialist-%'`)
  await database.db.execute(sql`vacuum analyze profile_promotions`)
  // (A repository from before promotions, given by `--repository`, has none.)
  const promoting = create(explaining)
  if ('promoted' in promoting) {
    explained.length = 0
    await promoting.promoted(filters('rating'), new Date())
    console.log(`## the promoted cards of page 1\n\n${explained.join('\n\n')}\n`)
  }

  // Notifications: a million of them, a thousand people with a thousand each, a tenth unread. The statements are
  // those of server/modules/notifications/repository.ts `page` (drizzle's builder there, written out here).
  await database.db.execute(sql`
    insert into notifications (user_id, kind, params, link, created_at, read_at)
    select u.id, 'review_received', '{}'::jsonb, '/profile', now(), case when g % 10 = 0 then null else now() end
    from (select id from users where slug like 'bench-specialist-%' order by id limit 1000) u,
         generate_series(1, 1000) g`)
  await database.db.execute(sql`vacuum analyze notifications`)
  const reader = Number(
    (
      (await database.db.execute(sql`select user_id from notifications limit 1`)) as unknown as {
        rows: Row[]
      }
    ).rows[0]!.user_id,
  )
  const middle = Number(
    (
      (await database.db.execute(
        sql`select id from notifications where user_id = ${reader} order by id desc offset 500 limit 1`,
      )) as unknown as { rows: Row[] }
    ).rows[0]!.id,
  )
  for (const [title, statement] of [
    [
      'notifications: the page after the 500th, by cursor',
      sql`select n.id, n.kind, n.params, n.link, n.order_id, n.read_at, n.created_at, a.name, a.avatar_thumb
          from notifications n left join users a on a.id = n.actor_id
          where n.user_id = ${reader} and n.id < ${middle} order by n.id desc limit 21`,
    ],
    [
      'notifications: the capped total',
      sql`select count(*) from (select 1 from notifications where user_id = ${reader} limit 10000) counted`,
    ],
    [
      'notifications: unread',
      sql`select count(*) from notifications where user_id = ${reader} and read_at is null`,
    ],
  ] as const) {
    const plan = (await database.db.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as {
      rows: Row[]
    }
    console.log(`\n## ${title}\n\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`)
  }
} finally {
  await database.close()
}
type Row = Record<string, unknown>
