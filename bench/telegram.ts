/**
 * npm run bench:telegram [-- --specialists N] [-- --rate R] — the Telegram bot (docs/decisions/026-telegram.md)
 * against a local fake Bot API that allows 30 messages a second, as Telegram does, and answers 429 with
 * `retry_after` past it. The real server (`server/main.ts`) runs in a child process, on a database of its own on
 * DATABASE_URL's server when set (created and dropped), else on PGlite in a temporary folder.
 *
 * - Fan-out: N specialists (10,000 by default) linked to Telegram, all matching one new order, which a customer
 *   publishes through the API. Measured: from the publish's answer until the fake has accepted the last of the N
 *   messages (the floor is N / 30 s), and how many 429s the server was given on the way.
 * - Webhook: R updates a second (200 by default) for 10 s, each a message from a new Telegram user (which begins
 *   the bot's sign-up, so a job and a row each). Measured: the webhook's answer time, p50 / p99 / max, beside
 *   `GET /api/health/live` at the same rate in the same run as the baseline.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { systemClock } from '#server/lib/clock.ts'
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts'
import { seedCatalogue } from '#server/seed/catalogue-seed.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { startServerProcess, withServers } from './server-process.ts'

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const SPECIALISTS = argument('--specialists', 10_000)
const RATE = argument('--rate', 200)
const WEBHOOK_SECONDS = 10
const TELEGRAM_LIMIT = 30
const SECRET = 'bench-telegram-jwt-secret-that-is-long-enough-0123456789'
const WEBHOOK_SECRET = 'bench-telegram-webhook-secret-0123456789'
const BOT_TOKEN = '123456789:AAFakeTokenForTheBenchmarkOnly_xxxxxxx'
const V1 = '/api/fika/freelancer/v1.0.1'

const rowsOf = async <T>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The catalogue, N linked specialists of the first category's first service in one district (their Telegram ids
 * 1..N), and a customer with a live session: all in SQL. Answers the customer's access token and the service.
 */
async function seed(database: DatabaseHandle) {
  await seedCatalogue(database.db)
  await seedRegions(database.db)
  const [target] = await rowsOf<{ category: number; service: number; district: number }>(
    database,
    sql`select c.id as category, s.id as service, (select min(id) from districts) as district
        from categories c join services s on s.category_id = c.id order by c.position, c.id, s.id limit 1`,
  )
  const { category, district } = target!
  await database.db.execute(
    sql.raw(`
    insert into users (slug, type, phone, name, surname, password_hash, telegram_id, telegram_notifications,
                       district_ids)
    select 'tg-' || g, 'executor', '998' || (200000000 + g), 'Aziz', 'Karimov', 'bench-no-login', g::text, true,
           array[${district}]
    from generate_series(1, ${SPECIALISTS}) as g`),
  )
  await database.db.execute(
    sql.raw(`
    insert into specialities (user_id, category_id)
    select id, ${category} from users where slug like 'tg-%'`),
  )
  const [customer] = await rowsOf<{ id: number }>(
    database,
    sql`insert into users (slug, type, phone, name, surname, password_hash)
        values ('bench-customer', 'customer', '998300000001', 'Malika', 'Karimova', 'bench-no-login') returning id`,
  )
  const [session] = await rowsOf<{ id: string }>(
    database,
    sql`insert into refresh_token_families (user_id, created_at, expires_at)
        values (${customer!.id}, now(), now() + interval '1 day') returning id`,
  )
  const token = await createAccessTokens(SECRET, systemClock).sign({
    userId: customer!.id,
    type: 'customer',
    sessionId: session!.id,
  })
  return { token, service: target!.service, district }
}

async function fanOut(
  url: string,
  bot: Awaited<ReturnType<typeof startFakeBotApi>>,
  seeded: Awaited<ReturnType<typeof seed>>,
) {
  bot.accepted.length = 0
  const refusedBefore = bot.calls.length
  const published = await fetch(`${url}${V1}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.token}` },
    body: JSON.stringify({
      services: [seeded.service],
      name: 'Собрать шкаф',
      at_customer: true,
      district_id: seeded.district,
    }),
  })
  if (published.status !== 201)
    throw new Error(`publish answered ${published.status}: ${await published.text()}`)
  const answeredAt = Date.now()
  const deadline = answeredAt + (SPECIALISTS / TELEGRAM_LIMIT) * 3000 + 120_000
  let lastCount = -1
  while (bot.accepted.length < SPECIALISTS && Date.now() < deadline) {
    await sleep(1000)
    if (bot.accepted.length !== lastCount && Math.floor((Date.now() - answeredAt) / 1000) % 30 === 0)
      console.log(
        `  ... ${bot.accepted.length} accepted after ${((Date.now() - answeredAt) / 1000).toFixed(0)} s`,
      )
    lastCount = bot.accepted.length
  }
  const last = bot.accepted.at(-1) ?? answeredAt
  const sends = bot.calls.slice(refusedBefore).filter((call) => call.method === 'sendMessage').length
  console.log(
    `fan-out: ${bot.accepted.length} of ${SPECIALISTS} messages accepted; the last ${((last - answeredAt) / 1000).toFixed(1)} s ` +
      `after the publish answered (floor at ${TELEGRAM_LIMIT}/s: ${(SPECIALISTS / TELEGRAM_LIMIT).toFixed(1)} s); ` +
      `${sends - bot.accepted.length} sends answered 429 and sent again after retry_after`,
  )
}

/** `count` requests at `RATE` a second, each timed; answers the times and the statuses that were not 200. */
async function atRate(count: number, request: (n: number) => Promise<Response>) {
  const times: number[] = []
  const failures: number[] = []
  const started = performance.now()
  const pending: Promise<void>[] = []
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    pending.push(
      (async () => {
        const at = performance.now()
        const response = await request(n)
        await response.arrayBuffer()
        times.push(performance.now() - at)
        if (response.status !== 200) failures.push(response.status)
      })(),
    )
  }
  await Promise.all(pending)
  return { times, failures }
}

async function webhook(url: string) {
  const count = RATE * WEBHOOK_SECONDS
  const baseline = await atRate(count, () => fetch(`${url}/api/health/live`))
  const updates = await atRate(count, (n) =>
    fetch(`${url}${TELEGRAM_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TELEGRAM_SECRET_HEADER]: WEBHOOK_SECRET },
      body: JSON.stringify({
        update_id: 1_000_000 + n,
        message: {
          text: 'Здравствуйте',
          chat: { id: 500_000 + n, type: 'private' },
          from: { id: 500_000 + n, language_code: 'ru' },
        },
      }),
    }),
  )
  console.log(
    `webhook at ${RATE} updates/s for ${WEBHOOK_SECONDS} s: ${summary(updates.times)}; not 200: ${updates.failures.length}`,
  )
  console.log(`  baseline, GET /api/health/live at the same rate: ${summary(baseline.times)}`)
}

async function main() {
  const bot = await startFakeBotApi({ messagesPerSecond: TELEGRAM_LIMIT })
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-telegram-'))
  const own = process.env.DATABASE_URL ? await createEmptyDatabase(process.env.DATABASE_URL) : undefined
  try {
    const database = await openDatabase({ databaseUrl: own?.url, dataDir })
    let seeded: Awaited<ReturnType<typeof seed>>
    try {
      await database.migrate()
      seeded = await seed(database)
    } finally {
      await database.close()
    }
    console.log(
      `bench:telegram on ${own ? 'PostgreSQL' : 'PGlite'}: ${SPECIALISTS} linked specialists; the fake Bot API ` +
        `accepts ${TELEGRAM_LIMIT} messages a second`,
    )
    const env = {
      DATA_DIR: dataDir,
      ...(own && { DATABASE_URL: own.url }),
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_API_ROOT: bot.apiRoot,
      SEED_DEMO_ORDERS: 'false',
    }
    await withServers([() => startServerProcess(env, SECRET)], async ([server]) => {
      await fanOut(server!.url, bot, seeded)
      await webhook(server!.url)
    })
  } finally {
    await bot.close()
    await own?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
