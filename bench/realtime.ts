/**
 * npm run bench:realtime [-- --sockets N] — N connected sockets (5,000 by default; half websocket, half
 * long-polling) of specialists who all match one new order; the customer publishes it and the benchmark times, from
 * the start of the POST, when each socket has its `notif`: p50, p99 and the last. It also reads the server's
 * resident memory before and after the sockets connect (per connection). Then the same with two server processes
 * on one Redis, the sockets split between them and the order published on the first — with DATABASE_URL and
 * REDIS_URL only (the embedded database cannot be shared by two processes).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { endpoints } from '#contract/endpoints.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { seedCatalogue } from '#server/seed/catalogue-seed.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { systemClock } from '#server/lib/clock.ts'
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { startServerProcess, withServers, type ServerProcess } from './server-process.ts'
import { connectAll, type Client } from './sockets.ts'

const SECRET = 'r'.repeat(48)
const argIndex = process.argv.indexOf('--sockets')
const SOCKETS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 5_000
const DELIVERY_TIMEOUT_MS = 120_000

type Fixture = { tokens: string[]; customerToken: string; service: number; district: number }

/** N specialists of one category and district, each with a live session, and a customer: all in SQL. */
async function seed(database: DatabaseHandle, count: number): Promise<Fixture> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  await seedCatalogue(database.db)
  await seedRegions(database.db)
  const [target] = await rows<{ service: number; category: number; district: number }>(sql`
    select s.id as service, s.category_id as category, (select min(id) from districts) as district
    from services s where s.status = 'approved' and s.parent_id is null order by s.id limit 1`)
  await database.db.execute(sql`
    insert into users (slug, type, phone, name, surname, password_hash, district_ids)
    select 'rt-specialist-' || g, 'executor', '99870' || lpad(g::text, 7, '0'), 'Sardor', 'Aliyev', 'bench-no-login',
           array[${target!.district}::integer]
    from generate_series(1, ${count}) as g`)
  await database.db.execute(sql`
    insert into users (slug, type, phone, name, surname, password_hash)
    values ('rt-customer', 'customer', '998709999999', 'Malika', 'Karimova', 'bench-no-login')`)
  await database.db.execute(sql`
    insert into specialities (user_id, category_id, active)
    select id, ${target!.category}, true from users where slug like 'rt-specialist-%'`)
  const sessions = await rows<{ id: string; user_id: number; type: 'customer' | 'executor' }>(sql`
    insert into refresh_token_families (user_id, created_at, expires_at)
    select id, now(), now() + interval '1 day' from users where slug like 'rt-%'
    returning id, user_id, (select type from users where users.id = user_id) as type`)
  const tokens = createAccessTokens(SECRET, systemClock)
  const signed = await Promise.all(
    sessions.map(async (s) => ({
      type: s.type,
      token: await tokens.sign({ userId: s.user_id, type: s.type, sessionId: s.id }),
    })),
  )
  return {
    tokens: signed.filter((s) => s.type === 'executor').map((s) => s.token),
    customerToken: signed.find((s) => s.type === 'customer')!.token,
    service: target!.service,
    district: target!.district,
  }
}

async function publishAndTime(clients: Client[], publishUrl: string, fixture: Fixture) {
  const arrivals: number[] = []
  const all = new Promise<void>((resolve) => {
    for (const client of clients)
      client.once('notif', () => {
        arrivals.push(performance.now())
        if (arrivals.length === clients.length) resolve()
      })
  })
  const started = performance.now()
  const answer = await fetch(`${publishUrl}${endpoints.publishOrder.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${fixture.customerToken}` },
    body: JSON.stringify({
      services: [fixture.service],
      name: 'Нужен мастер на завтра',
      at_customer: true,
      area: 'Ташкент',
      district_id: fixture.district,
    }),
  })
  if (!answer.ok) throw new Error(`publishing answered ${answer.status}: ${await answer.text()}`)
  const answered = performance.now() - started
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, DELIVERY_TIMEOUT_MS))])
  const times = arrivals.map((at) => at - started).sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN
  return { answered, received: times.length, p50: at(0.5), p99: at(0.99), last: times.at(-1) ?? NaN }
}

function report(title: string, result: Awaited<ReturnType<typeof publishAndTime>>, perConnectionKb: number) {
  const ms = (value: number) => `${value.toFixed(0)} ms`
  console.log(`\n${title}`)
  console.log(`  POST /orders answered in ${ms(result.answered)}`)
  console.log(`  notif received by ${result.received} of ${SOCKETS} sockets`)
  console.log(`  delivery p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, last ${ms(result.last)}`)
  console.log(
    `  server memory ${perConnectionKb.toFixed(1)} KB per connection (resident, after minus before)`,
  )
}

async function run(label: string, servers: ServerProcess[], fixture: Fixture) {
  const before = await Promise.all(servers.map((server) => server.rssKb()))
  const connecting = performance.now()
  const targets = fixture.tokens.map((token, i) => ({
    token,
    url: servers[i % servers.length]!.url,
    options: { transports: i % 2 === 0 ? ['websocket'] : ['polling'] },
  }))
  const clients = await connectAll(targets, new Agent({ keepAlive: true, maxSockets: Infinity }))
  console.log(
    `${label}: ${clients.length} sockets connected in ${((performance.now() - connecting) / 1000).toFixed(1)} s`,
  )
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const after = await Promise.all(servers.map((server) => server.rssKb()))
  const grown = after.reduce((sum, kb, i) => sum + kb - before[i]!, 0)
  const result = await publishAndTime(clients, servers[0]!.url, fixture)
  report(label, result, grown / clients.length)
  for (const client of clients) client.disconnect()
}

const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-rt-'))
try {
  // One process: the embedded database (or a database of its own on PostgreSQL).
  const ownDatabase = process.env.DATABASE_URL
    ? await createEmptyDatabase(process.env.DATABASE_URL)
    : undefined
  const databaseUrl = ownDatabase?.url
  const database = await openDatabase({ databaseUrl, dataDir })
  await database.migrate()
  const seeding = performance.now()
  const fixture = await seed(database, SOCKETS)
  await database.close()
  console.log(
    `${SOCKETS} matching specialists on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} ` +
      `(seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s); half websocket, half polling`,
  )
  try {
    const env = { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) }
    const start =
      (extra: Record<string, string> = {}) =>
      () =>
        startServerProcess({ ...env, ...extra }, SECRET)
    await withServers([start()], (servers) => run('one process', servers, fixture))
    if (databaseUrl && process.env.REDIS_URL) {
      const redis = { REDIS_URL: process.env.REDIS_URL }
      await withServers([start(redis), start(redis)], (servers) =>
        run('two processes on Redis', servers, fixture),
      )
    } else {
      console.log('\ntwo processes on Redis: not measured (needs DATABASE_URL and REDIS_URL)')
    }
  } finally {
    await ownDatabase?.drop()
  }
} finally {
  await rm(dataDir, { recursive: true, force: true })
  // Sockets of a failed run may hold the loop open.
  setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref()
}
