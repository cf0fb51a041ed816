/**
 * npm run bench:api — requests per second and p99 latency of GET /profile with a valid token, beside a bare
 * Fastify route served by the same process, and their ratio. autocannon, 50 connections, 10 s each, one run.
 * The server runs in a child process so the load generator does not share its event loop.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { endpoints } from '#contract/endpoints.ts'

const CONNECTIONS = 50
const DURATION_S = 10

async function serve() {
  const { buildApp } = await import('#server/app.ts')
  const { testConfig } = await import('#server/config.ts')
  const { openDatabase } = await import('#server/db/client.ts')
  const { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } = await import('#server/db/seed.ts')
  // Always the embedded database in a temporary folder: the bench never writes into a shared PostgreSQL.
  const database = await openDatabase({ dataDir: process.argv[3]! })
  await database.migrate()
  await seedDemoUsers(database.db)
  // The general request budget stays on (its cost is part of every request) but high enough not to answer 429.
  const app = await buildApp({
    config: { ...testConfig({ RATE_LIMIT_PER_MINUTE: 1_000_000_000 }), JWT_SECRET: 'b'.repeat(48) },
    database,
  })
  app.get('/bench/bare', async () => ({ ok: true }))
  const login = await app.inject({
    method: 'POST',
    url: endpoints.login.path,
    payload: { username: DEMO_USERS[1].phone, password: DEMO_PASSWORD, type: 'executor' },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(`${JSON.stringify({ address, token: login.json().token, database: database.kind })}\n`)
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  )
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ title, url, headers, connections: CONNECTIONS, duration: DURATION_S })
  const non2xx = result.non2xx + result.errors
  if (non2xx > 0) throw new Error(`${title}: ${non2xx} answers were not 2xx`)
  return { title, rps: result.requests.average, p99: result.latency.p99, total: result.requests.total }
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-'))
  const server = spawn(process.execPath, [import.meta.filename, '--serve', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const ready = await new Promise<{ address: string; token: string; database: string }>(
      (resolve, reject) => {
        server.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())))
        server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
      },
    )
    console.log(`Server on ${ready.database}; ${CONNECTIONS} connections, ${DURATION_S} s per route\n`)
    const bare = await measure('bare Fastify route', `${ready.address}/bench/bare`)
    const profile = await measure('GET /profile', `${ready.address}${endpoints.profile.path}`, {
      authorization: `Bearer ${ready.token}`,
    })
    console.log('route                 req/s    p99 ms   requests')
    for (const row of [bare, profile]) {
      console.log(
        `${row.title.padEnd(20)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p99).padStart(8)} ${String(row.total).padStart(10)}`,
      )
    }
    console.log(
      `\nGET /profile / bare: ${((profile.rps / bare.rps) * 100).toFixed(1)} % of the requests per second, ` +
        `p99 ${(profile.p99 / Math.max(bare.p99, 1)).toFixed(1)}x`,
    )
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
}

await (process.argv[2] === '--serve' ? serve() : main())
