/**
 * The server a benchmark measures, in a child process so the load generator does not share its event loop:
 * the embedded database in a temporary folder, seeded (catalogue, content, demo users), a bare route beside the
 * real ones, and the general request budget on but high enough never to answer 429.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { endpoints } from '#contract/endpoints.ts'
import type { Database } from '#server/db/client.ts'

/** The open list's cache as deployed (1 s), unless OPEN_LIST_CACHE_MS says otherwise (0 measures the database). */
export const openListCacheMs = () => Number(process.env.OPEN_LIST_CACHE_MS ?? 1000)

export type BenchServer = {
  address: string
  token: string
  services: number
  database: string
  /** With `specialists`: service and district ids that have specialists, and some of their slugs. */
  sample?: { pairs: { service: number; district: number }[]; slugs: string[] }
  /** The server process, for benchmarks that read its memory. */
  pid: number
  stop: () => Promise<void>
}

async function serve(dataDir: string, extraServices: number, orderCount: number, specialistCount: number) {
  const { buildApp } = await import('#server/app.ts')
  const { testConfig } = await import('#server/config.ts')
  const { openDatabase } = await import('#server/db/client.ts')
  const { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } = await import('#server/seed/demo-users.ts')
  const { seedCatalogue, seedContent } = await import('#server/seed/catalogue-seed.ts')
  const { seedRegions } = await import('#server/seed/regions-seed.ts')
  // With DATABASE_URL the bench fills a database of its own on that server and drops it afterwards.
  const database = process.env.DATABASE_URL
    ? await (await import('#tests/helpers/database.ts')).createTestDatabase()
    : await openDatabase({ dataDir })
  await database.migrate()
  await seedDemoUsers(database.db)
  const services = await seedCatalogue(database.db, { extraServices })
  await seedContent(database.db)
  await seedRegions(database.db)
  if (orderCount > 0) await seedOrders(database, orderCount)
  const sample = specialistCount > 0 ? await seedSpecialists(database, specialistCount) : undefined
  const app = await buildApp({
    config: {
      ...testConfig({ RATE_LIMIT_PER_MINUTE: 1_000_000_000, OPEN_LIST_CACHE_MS: openListCacheMs() }),
      JWT_SECRET: 'b'.repeat(48),
    },
    database,
  })
  app.get('/bench/bare', async () => ({ ok: true }))
  // The size of the database, of each table and of each index, for the benchmarks to print beside their figures.
  app.get('/bench/sizes', async () => {
    const { sql } = await import('drizzle-orm')
    const result = (await database.db.execute(sql`
      select c.relname as name, c.relkind as kind, pg_relation_size(c.oid)::bigint as bytes,
             coalesce(i.tablename, c.relname) as of_table
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_indexes i on i.schemaname = n.nspname and i.indexname = c.relname
      where n.nspname = 'public' and c.relkind in ('r', 'i')
      order by of_table, c.relkind desc, bytes desc`)) as unknown as {
      rows: { name: string; kind: string; bytes: string | number; of_table: string }[]
    }
    const total = (await database.db.execute(
      sql`select pg_database_size(current_database())::bigint as bytes`,
    )) as unknown as { rows: { bytes: string | number }[] }
    return {
      database: Number(total.rows[0]!.bytes),
      relations: result.rows.map((row) => ({
        name: row.name,
        kind: row.kind === 'i' ? 'index' : 'table',
        table: row.of_table,
        bytes: Number(row.bytes),
      })),
    }
  })
  const login = await app.inject({
    method: 'POST',
    url: endpoints.login.path,
    payload: { username: DEMO_USERS[1].phone, password: DEMO_PASSWORD, type: 'executor' },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(
    `${JSON.stringify({ address, token: login.json().token, services, database: database.kind, sample })}\n`,
  )
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  )
}

export async function startBenchServer(
  options: { extraServices?: number; orders?: number; specialists?: number } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-'))
  const child = spawn(
    process.execPath,
    [
      import.meta.filename,
      '--serve',
      dataDir,
      String(options.extraServices ?? 0),
      String(options.orders ?? 0),
      String(options.specialists ?? 0),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const ready = await new Promise<Omit<BenchServer, 'stop' | 'pid'>>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  return {
    ...ready,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Orders in SQL (generate_series): a million rows in seconds rather than a million inserts. They spread over the
 * seeded services, over Uzbekistan's towns within a few kilometres, over every status and the last 90 days.
 */
export async function seedOrders(database: { db: Database }, count: number) {
  const { sql } = await import('drizzle-orm')
  await database.db.execute(sql`
    insert into orders (status, customer_id, services, category_id, name, is_online, at_customer, at_executor,
                        lat, lng, price_min, price_max, created_at, updated_at)
    select (array['open','open','open','inactive','in_progress','completed','canceled','archive'])[1 + (g % 8)],
           1,
           array[s.id], s.category_id, 'Заказ ' || g, g % 5 = 0, g % 5 <> 0, false,
           town.lat + (random() - 0.5) * 0.1, town.lng + (random() - 0.5) * 0.1,
           10000000 + (g % 50) * 1000000, 20000000 + (g % 50) * 1000000,
           now() - (g % 129600) * interval '1 minute', now()
    from generate_series(1, ${count}) as g
    join lateral (select id, category_id from services where status = 'approved' order by id offset (g % 300) limit 1) s on true
    join lateral (select * from (values (41.31, 69.28), (39.65, 66.96), (40.78, 72.34), (40.38, 71.78), (39.77, 64.42))
                  as t(lat, lng) offset (g % 5) limit 1) town on true`)
  // As autovacuum leaves it after a while: statistics, and the visibility map that index-only scans read.
  await database.db.execute(sql`vacuum analyze orders`)
}

/**
 * Specialists in SQL (generate_series), like the orders: N executors, three in five working in Tashkent's districts
 * and the rest anywhere, each with one specialty of the 16 categories, two to five of its services priced in tiyin,
 * one to three districts, a rating and a reviews count. Answers pairs of a service and a district that have
 * specialists, and some slugs, for the benchmark to ask about.
 */
export async function seedSpecialists(database: { db: Database }, count: number) {
  const { sql } = await import('drizzle-orm')
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  await database.db.execute(sql`
    with tashkent as (select array_agg(d.id order by d.position) as ids from districts d
                        join regions r on r.id = d.region_id where r.code = 'tashkent-city'),
         everywhere as (select array_agg(id order by id) as ids from districts)
    insert into users (slug, type, phone, name, surname, password_hash, rating, reviews_count, verification,
                       district_ids, about, last_seen_at)
    select 'bench-specialist-' || g, 'executor', '99880' || lpad(g::text, 7, '0'),
           (array['Dilnoza','Sardor','Malika','Bekzod','Nodira','Jamshid','Зарина','Тимур'])[1 + g % 8],
           (array['Rahimova','Aliyev','Tursunova','Karimov','Yusupova','Ergashev','Хасанова','Ахмедов'])[1 + g % 8],
           'bench-no-login', round((3 + random() * 2)::numeric, 1), g % 60, g % 4,
           case when g % 5 < 3
                then array[t.ids[1 + g % cardinality(t.ids)], t.ids[1 + (g / 7) % cardinality(t.ids)]]
                else array[e.ids[1 + g % cardinality(e.ids)]] end,
           'Опыт работы ' || (1 + g % 20) || ' лет.', now() - (g % 1440) * interval '1 minute'
    from generate_series(1, ${count}) as g, tashkent t, everywhere e`)
  await database.db.execute(sql`
    with ordered as (select id, row_number() over (order by id) - 1 as n from categories),
         total as (select count(*) as c from categories)
    insert into specialities (user_id, category_id, active)
    select u.id, o.id, u.id % 50 <> 0
    from users u, total, ordered o
    where u.slug like 'bench-specialist-%' and o.n = u.id % total.c`)
  await database.db.execute(sql`
    insert into speciality_services (speciality_id, user_id, service_id, price_from, price_to, active)
    select s.id, s.user_id, v.id, p.from_tiyin, p.from_tiyin + (1 + s.user_id % 4) * 5000000, true
    from specialities s
    join users u on u.id = s.user_id and u.slug like 'bench-specialist-%'
    join lateral (select id from services
                  where category_id = s.category_id and parent_id is null and status = 'approved'
                  order by id offset (s.user_id % 4) limit 2 + s.user_id % 4) v on true
    cross join lateral (select (5 + (s.user_id + v.id) % 50) * 2000000::bigint as from_tiyin) p`)
  // As autovacuum leaves them after a while: statistics, and the visibility map that index-only scans read.
  await database.db.execute(sql`vacuum analyze users, specialities, speciality_services, districts`)
  const pairs = await rows<{ service: number; district: number }>(sql`
    select l.service_id as service, u.district_ids[1] as district
    from speciality_services l join users u on u.id = l.user_id
    where u.slug like 'bench-specialist-%'
    group by 1, 2 order by count(*) desc limit 4`)
  const slugs = await rows<{ slug: string }>(
    sql`select slug from users where slug like 'bench-specialist-%' order by id desc limit 20`,
  )
  return { pairs, slugs: slugs.map((row) => row.slug) }
}

if (process.argv[2] === '--serve')
  await serve(
    process.argv[3]!,
    Number(process.argv[4] ?? 0),
    Number(process.argv[5] ?? 0),
    Number(process.argv[6] ?? 0),
  )
