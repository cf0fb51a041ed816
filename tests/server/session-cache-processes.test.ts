import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_PATH, endpoints } from '#contract/endpoints.ts'
import { TEST_REDIS_KEY_PREFIX } from '#server/config.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } from '#server/seed/demo-users.ts'
import { freePort } from '#tests/helpers/free-port.ts'

const MAIN = join(import.meta.dirname, '../../server/main.ts')
const serverUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

type Server = { base: string; stop: () => Promise<void> }

/** `node server/main.ts` on a port of its own, answering once /api/health does. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-cache-'))
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    child.kill('SIGTERM')
    await exited
    await rm(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) return { base, stop }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`server on ${port} did not start`)
}

// Real processes share nothing but PostgreSQL and Redis: PGlite cannot be opened by two of them.
describe.skipIf(!serverUrl || !redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  const name = `fika_test_${randomBytes(6).toString('hex')}`
  let database: DatabaseHandle
  let first: Server
  let second: Server

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl!)
    url.pathname = `/${name}`
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })
    await database.migrate()
    await seedDemoUsers(database.db)
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      AUTH_CACHE_TTL_S: '60',
      SEED_DEMO_USERS: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
    }
    // One after the other: the first seeds the catalogue of the empty database.
    first = await startServer(env)
    second = await startServer(env)
  }, 120_000)

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()])
    await database?.close()
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  const profileOn = (server: Server, token: string) =>
    fetch(`${server.base}${endpoints.profile.path}`, { headers: { authorization: `Bearer ${token}` } })

  async function logIn(server: Server) {
    const response = await fetch(`${server.base}${endpoints.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_USERS[0].phone, password: DEMO_PASSWORD, type: 'customer' }),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as { token: string; profile: { id: number; name: string } }
  }

  /** Reads the session on `server` until it answers from memory: a rename behind its back goes unseen. */
  async function untilCachedOn(server: Server, token: string, id: number) {
    for (let tries = 0; tries < 50; tries++) {
      const before = ((await (await profileOn(server, token)).json()) as { name: string }).name
      await database.db
        .update(users)
        .set({ name: `Probe ${tries}` })
        .where(eq(users.id, id))
      if (((await (await profileOn(server, token)).json()) as { name: string }).name === before) return before
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('the session was never served from memory')
  }

  it('refuses a session logged out on one process on its very next request to the other', async () => {
    const { token, profile } = await logIn(first)
    await untilCachedOn(second, token, profile.id)
    expect((await profileOn(first, token)).status).toBe(200)

    const logout = await fetch(`${first.base}${AUTH_PATH}/logout`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(logout.status).toBe(200)
    expect((await profileOn(second, token)).status).toBe(401)
    expect((await profileOn(first, token)).status).toBe(401)
  }, 60_000)

  it('shows on one process a profile updated through the other on the next GET /profile', async () => {
    const { token, profile } = await logIn(second)
    await untilCachedOn(first, token, profile.id)
    const update = await fetch(`${second.base}${endpoints.profile.path}/${profile.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Aziza' }),
    })
    expect(update.status).toBe(200)
    expect(((await (await profileOn(first, token)).json()) as { name: string }).name).toBe('Aziza')
  }, 60_000)
})
