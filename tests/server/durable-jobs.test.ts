// Background work survives a dying process (issue 33): real server processes, killed with SIGKILL, on PGlite and,
// when DATABASE_URL is set, on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { seedCatalogue, seedContent } from '#server/seed/catalogue-seed.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '#server/seed/demo-users.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { startFakeEskiz } from '#tests/helpers/fake-eskiz.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { act, publish } from '#tests/helpers/notifications.ts'
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { appOn } from '#tests/helpers/test-app.ts'

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

type Backend = {
  /** What a server process needs to run on this database. */
  env: Record<string, string>
  /** The database opened in this process, while no server process has it open (PGlite allows one). */
  open: () => Promise<DatabaseHandle>
}

async function pgliteBackend(): Promise<Backend> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-jobs-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) }
}

async function postgresBackend(serverUrl: string): Promise<Backend> {
  const created = await createEmptyDatabase(serverUrl)
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-jobs-'))
  cleanups.push(async () => {
    await created.drop()
    await rm(dataDir, { recursive: true, force: true })
  })
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
    open: () => openDatabase({ databaseUrl: created.url, dataDir }),
  }
}

// Each run tests its own database: `npm test` PGlite, the run with DATABASE_URL PostgreSQL.
const serverUrl = process.env.DATABASE_URL
const backends: [string, () => Promise<Backend>][] = serverUrl
  ? [['PostgreSQL', () => postgresBackend(serverUrl)]]
  : [['PGlite', pgliteBackend]]

/** A server process on `backend` at a free port; resolves once it answers. */
async function serverOn(backend: Backend, env: Record<string, string> = {}) {
  const port = await freePort()
  const server = startServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO_ORDERS: 'false',
    ...backend.env,
    ...env,
  })
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(`${base}/api/health`, 90_000).catch((error: unknown) => {
    server.child.kill('SIGKILL')
    throw new Error(`${String(error)}\n${server.output()}`)
  })
  return { ...server, base }
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${V1}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

async function demoLogin(base: string, type: 'customer' | 'executor') {
  const { phone } = DEMO_USERS.find((person) => person.type === type)!
  const answer = await call(base, 'POST', '/auth/login', undefined, {
    username: phone,
    password: DEMO_PASSWORD,
    type,
  })
  expect(answer.status).toBe(200)
  return String(answer.json.token)
}

const rowsOf = async <T>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

describe.each(backends)('background jobs on %s', (_name, makeBackend) => {
  it('delivers a chat notification once when the process that scheduled it is killed before it is due', async () => {
    const backend = await makeBackend()
    const first = await serverOn(backend, { CHAT_NOTIFY_AFTER_S: '6' })
    const customer = await demoLogin(first.base, 'customer')
    const chats = await call(first.base, 'GET', '/chats', customer)
    const [chat] = chats.json.collection as { id: number }[]
    const sent = await call(first.base, 'POST', `/chats/${chat!.id}/messages`, customer, {
      client_id: 'durable-job-check-1',
      text: 'Вы ещё здесь?',
    })
    expect(sent.status).toBeLessThan(300)
    first.child.kill('SIGKILL')
    await first.exited

    const second = await serverOn(backend, { CHAT_NOTIFY_AFTER_S: '6' })
    const specialist = await demoLogin(second.base, 'executor')
    const chatNotifications = async () =>
      (
        (await call(second.base, 'GET', '/profile/notification', specialist)).json.collection as {
          type_push: string
        }[]
      ).filter((notification) => notification.type_push === 'chat_message').length
    await expect.poll(chatNotifications, { timeout: 30_000, interval: 500 }).toBe(1)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    const database = await backend.open()
    try {
      const jobs = await rowsOf<{ state: string }>(
        database,
        sql`select state from pgboss.job where name = 'chat.unread-check'`,
      )
      expect(jobs).toEqual([{ state: 'completed' }])
      const counted = await rowsOf<{ n: number }>(
        database,
        sql`select count(*)::int as n from notifications where kind = 'chat_message'`,
      )
      expect(counted).toEqual([{ n: 1 }])
    } finally {
      await database.close()
    }
  }, 240_000)

  it('sends each fallback SMS once when a process is killed mid-send and others race for the rest', async () => {
    const backend = await makeBackend()
    // Three specialists chosen for an order each, their "you were chosen" unread since long before now.
    const seeding = await backend.open()
    await seeding.migrate()
    await seedCatalogue(seeding.db)
    await seedContent(seeding.db)
    await seedRegions(seeding.db)
    const t = await appOn(seeding)
    const phones: string[] = []
    for (let i = 0; i < 3; i++) {
      const executor = await user(t, 'executor')
      const customer = await user(t, 'customer')
      const order = await publish(t, customer)
      expect(
        (await send(t, 'POST', `/orders/${order.id}/replies`, executor, { message: 'Сделаю.' })).statusCode,
      ).toBe(201)
      await act(t, order.id, 'choose', customer, { executor_id: executor.id })
      phones.push(executor.phone)
    }
    await t.close()
    await seeding.close()

    const eskiz = await startFakeEskiz()
    cleanups.push(() => eskiz.close())
    const eskizEnv = {
      SMS_PROVIDER: 'eskiz',
      ESKIZ_BASE_URL: eskiz.baseUrl,
      ESKIZ_EMAIL: eskiz.credentials.email,
      ESKIZ_PASSWORD: eskiz.credentials.password,
      SEED_DEMO_USERS: 'false',
      SMS_FALLBACK_LEASE_S: '1',
    }
    eskiz.state.holdSending = true
    const dying = await serverOn(backend, eskizEnv)
    // Its start-up run claims the earliest and hands it to the provider, which takes it and never answers.
    await expect.poll(() => eskiz.state.sent.length, { timeout: 30_000, interval: 100 }).toBe(1)
    dying.child.kill('SIGKILL')
    await dying.exited
    eskiz.state.holdSending = false

    // PGlite is one process's; on PostgreSQL two processes race for what is left.
    const survivors = [await serverOn(backend, eskizEnv)]
    if (backend.env.DATABASE_URL) survivors.push(await serverOn(backend, eskizEnv))
    await expect.poll(() => eskiz.state.sent.length, { timeout: 60_000, interval: 200 }).toBe(3)
    for (const survivor of survivors) survivor.child.kill('SIGTERM')
    for (const survivor of survivors) expect(await survivor.exited).toBe(0)

    expect(eskiz.state.sent.map((sms) => sms.mobile_phone).sort()).toEqual([...phones].sort())
    const database = await backend.open()
    try {
      const states = await rowsOf<{ sms_state: string }>(
        database,
        sql`select sms_state from notifications where kind = 'executor_chosen' order by id`,
      )
      // The one in flight when its process died is recorded as handed over, and was never sent again.
      expect(states.map((row) => row.sms_state)).toEqual(['sent', 'sent', 'sent'])
    } finally {
      await database.close()
    }
  }, 300_000)
})
