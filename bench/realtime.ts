/**
 * npm run bench:realtime [-- --sockets N] — N connected sockets (5,000 by default; half websocket, half
 * long-polling) of specialists who all match one new order; the customer publishes it and the benchmark times, from
 * the start of the POST, when each socket has its `notif`: p50, p99 and the last. It also reads the server's
 * resident memory before and after the sockets connect (per connection). Then the same with two server processes
 * on one Redis, the sockets split between them and the order published on the first — with DATABASE_URL and
 * REDIS_URL only (the embedded database cannot be shared by two processes).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { endpoints } from '#contract/endpoints.ts'
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '#contract/events.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { seedCatalogue } from '#server/seed/catalogue-seed.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { systemClock } from '#server/lib/clock.ts'
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts'
import { freePort } from '#tests/helpers/free-port.ts'

const ROOT = join(import.meta.dirname, '..')
const SECRET = 'r'.repeat(48)
const argIndex = process.argv.indexOf('--sockets')
const SOCKETS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 5_000
const CONNECT_BATCH = 250
const DELIVERY_TIMEOUT_MS = 120_000

type Client = Socket<ServerToClientEvents, ClientToServerEvents>
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

type Server = { url: string; child: ChildProcess; rssKb: () => Promise<number>; stop: () => Promise<void> }

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Only the cluster run shares a Redis; an empty variable is unset.
      REDIS_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      SEED_DEMO_USERS: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    child,
    async rssKb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

/** Connects in batches (a burst of thousands of handshakes measures the burst, not the delivery). */
async function connectAll(tokens: string[], urlOf: (i: number) => string) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const clients: Client[] = []
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    const batch = tokens.slice(start, start + CONNECT_BATCH).map((token, offset) => {
      const i = start + offset
      const client: Client = io(urlOf(i), {
        path: SOCKET_PATH,
        transports: i % 2 === 0 ? ['websocket'] : ['polling'],
        auth: { token },
        forceNew: true,
        reconnection: false,
        agent: agent as never,
      })
      clients.push(client)
      return new Promise<void>((resolve, reject) => {
        client.once('connect_error', reject)
        client.once('connect', () =>
          client.emit('connect_user', { locale: 'ru' }, (ack) =>
            ack.ok ? resolve() : reject(new Error(ack.error)),
          ),
        )
      })
    })
    await Promise.all(batch)
  }
  return clients
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

async function run(label: string, servers: Server[], fixture: Fixture) {
  const before = await Promise.all(servers.map((server) => server.rssKb()))
  const connecting = performance.now()
  const clients = await connectAll(fixture.tokens, (i) => servers[i % servers.length]!.url)
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
  const serverUrl = process.env.DATABASE_URL
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (serverUrl) {
    const pg = (await import('pg')).default
    const name = `fika_bench_rt_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    }
  }
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
    const single = await startServer(env)
    try {
      await run('one process', [single], fixture)
    } finally {
      await single.stop()
    }
    if (databaseUrl && process.env.REDIS_URL) {
      const cluster = [await startServer({ ...env, REDIS_URL: process.env.REDIS_URL })]
      cluster.push(await startServer({ ...env, REDIS_URL: process.env.REDIS_URL }))
      try {
        await run('two processes on Redis', cluster, fixture)
      } finally {
        await Promise.all(cluster.map((server) => server.stop()))
      }
    } else {
      console.log('\ntwo processes on Redis: not measured (needs DATABASE_URL and REDIS_URL)')
    }
  } finally {
    await dropDatabase()
  }
} finally {
  await rm(dataDir, { recursive: true, force: true })
  // Sockets of a failed run may hold the loop open.
  setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref()
}
