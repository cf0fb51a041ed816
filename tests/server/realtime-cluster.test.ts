import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AUTH_PATH, endpoints, V1 } from '#contract/endpoints.ts'
import { SUPPORT_TEAM_ROOM, type ChatMessageEvent, type NotifPayload } from '#contract/events.ts'
import { buildApp } from '#server/app.ts'
import { TEST_REDIS_KEY_PREFIX, testConfig } from '#server/config.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { nextPhone, registrationBody } from '#tests/helpers/auth-flows.ts'
import { createEmptyDatabase, createTestDatabase } from '#tests/helpers/database.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts'
import {
  closeClients,
  connectClient,
  connected,
  nextEvent,
  notifPayload,
  type ClientSocket,
} from '#tests/helpers/sockets.ts'
import { TEST_SECRET } from '#tests/helpers/test-app.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
const SUPPORT_STAFF_COMMAND = join(import.meta.dirname, '../../scripts/support-staff.ts')

type Answer = { status: number; body: Record<string, unknown> }
/** One HTTP call to a server, in-process (inject) or over the network (fetch). */
type Call = (method: string, url: string, options?: { body?: unknown; token?: string }) => Promise<Answer>

/** Registers through the API, reading the code from the dev SMS adapter, and answers the user's token and id. */
async function registerUser(call: Call, type: 'customer' | 'executor') {
  const phone = nextPhone()
  const sent = await call('POST', endpoints.smsSend.path, { body: { phone, type: 'register' } })
  const requiredId = sent.body.required_id as string
  const sms = await call('GET', `${endpoints.devSms.path}?phone=${phone}`)
  const [message] = sms.body.messages as { code: string }[]
  await call('POST', endpoints.smsVerify.path, { body: { required_id: requiredId, code: message!.code } })
  const registered = await call('POST', endpoints.register.path, {
    body: registrationBody(phone, requiredId, { type }),
  })
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`)
  const token = registered.body.token as string
  const profile = await call('GET', endpoints.profile.path, { token })
  return { token, id: profile.body.id as number, phone }
}

async function joinedSocket(url: string, token: string) {
  const socket = connectClient(url, () => token)
  await connected(socket)
  expect(await socket.timeout(5_000).emitWithAck('connect_user', { locale: 'ru' })).toMatchObject({
    ok: true,
  })
  return socket
}

function collect(socket: ClientSocket) {
  const messages: string[] = []
  socket.on('notif', (payload) => messages.push(payload.notification.message))
  return messages
}

afterEach(closeClients)

type App = Awaited<ReturnType<typeof buildApp>>

/** Two apps on one database and one Redis, each with its own socket server, once each hears the other. */
async function twoAppsOn(database: DatabaseHandle) {
  // A stream of this run's own keeps other runs on the same Redis out of it.
  const realtime = { redisStreamName: `fika-test-${randomBytes(6).toString('hex')}` }
  const config = { ...testConfig({ REDIS_URL: redisUrl }), JWT_SECRET: TEST_SECRET }
  const apps = [
    await buildApp({ config, database, realtime }),
    await buildApp({ config, database, realtime }),
  ] as const
  const urls = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })))
  // Each learns of the other through the stream; until then an emit may pass before the other reads. Likewise
  // the session cache's channel: a change published before an app listens would not reach it.
  await vi.waitFor(
    async () => {
      for (const app of apps) {
        expect(await app.services.realtime.io!.of('/').adapter.serverCount()).toBe(2)
        expect(app.services.sessionCache.serving).toBe(true)
      }
    },
    { timeout: 15_000, interval: 100 },
  )
  return { apps, urls }
}

const injectCall =
  (app: App): Call =>
  async (method, url, options = {}) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(options.body !== undefined && { payload: options.body as Record<string, unknown> }),
      ...(options.token && { headers: { authorization: `Bearer ${options.token}` } }),
    })
    return { status: response.statusCode, body: response.json() }
  }

describe.skipIf(!databaseUrl || !redisUrl)('sockets across processes on one Redis', () => {
  describe('two apps on one database, each with its own socket server', () => {
    let database: DatabaseHandle
    beforeAll(async () => {
      database = await createTestDatabase()
    })
    afterAll(async () => {
      await database?.close()
    })

    const twoApps = () => twoAppsOn(database)

    it("delivers the hub's emit on one app to the user's socket on the other, and to nobody else", async () => {
      const { apps, urls } = await twoApps()
      const [first, second] = apps
      try {
        const customer = await registerUser(injectCall(first), 'customer')
        const other = await registerUser(injectCall(first), 'executor')
        const customerOnSecond = await joinedSocket(urls[1]!, customer.token)
        const otherOnFirst = await joinedSocket(urls[0]!, other.token)
        const seenByCustomer = collect(customerOnSecond)
        const seenByOther = collect(otherOnFirst)

        const reached = nextEvent<NotifPayload>(customerOnSecond, 'notif')
        first.services.realtime.hub.notify(customer.id, notifPayload('из первого процесса'))
        expect((await reached).notification.message).toBe('из первого процесса')
        const unread = nextEvent(customerOnSecond, 'notif_unread')
        first.services.realtime.hub.unreadChanged(customer.id, { unread: 0 })
        expect(await unread).toEqual({ unread: 0 })

        // The stream keeps order: had the customer's event reached the other user, it would be here first.
        const reachedOther = nextEvent(otherOnFirst, 'notif')
        second.services.realtime.hub.notify(other.id, notifPayload('из второго процесса'))
        await reachedOther
        expect(seenByOther).toEqual(['из второго процесса'])
        expect(seenByCustomer).toEqual(['из первого процесса'])
      } finally {
        closeClients()
        await Promise.all(apps.map((app) => app.close()))
      }
    })
  })

  describe('two server processes', () => {
    let dataDir: string
    let created: Awaited<ReturnType<typeof createEmptyDatabase>>
    const running: ReturnType<typeof startServer>[] = []
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'fika-cluster-'))
      created = await createEmptyDatabase(databaseUrl!)
    })
    afterAll(async () => {
      for (const server of running) server.child.kill('SIGKILL')
      await Promise.all(running.map((server) => server.exited))
      await created?.drop()
      await rm(dataDir, { recursive: true, force: true })
    })

    const fetchCall =
      (base: string): Call =>
      async (method, url, options = {}) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(options.body !== undefined && { 'content-type': 'application/json' }),
            ...(options.token && { authorization: `Bearer ${options.token}` }),
          },
          ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        })
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }

    async function startTwo() {
      const env = {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: created.url,
        REDIS_URL: redisUrl!,
        // Both processes must accept each other's access tokens.
        JWT_SECRET: `cluster-test-secret-${randomBytes(16).toString('hex')}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO_USERS: 'false',
        SEED_DEMO_ORDERS: 'false',
      }
      const servers = []
      // One after the other: the first migrates and seeds the new database.
      for (const port of [await freePort(), await freePort()]) {
        const server = startServer({ ...env, PORT: String(port) })
        running.push(server)
        servers.push({ ...server, url: `http://127.0.0.1:${port}` })
        await waitForHealth(`http://127.0.0.1:${port}/api/health`, 45_000)
      }
      return servers
    }

    it("brings a specialist's reply made on one process to the customer's socket on the other", async () => {
      const servers = await startTwo()
      try {
        const [first, second] = servers
        const onFirst = fetchCall(first!.url)
        const customer = await registerUser(onFirst, 'customer')
        const specialist = await registerUser(onFirst, 'executor')
        const socket = await joinedSocket(second!.url, customer.token)

        const service = await onFirst('GET', `${V1}/categories/mastera-po-remontu/restnew/elektrika`)
        const start = new Date(Date.now() + 2 * 24 * 3600 * 1000)
        const order = await onFirst('POST', `${V1}/orders`, {
          token: customer.token,
          body: {
            services: [service.body.id],
            name: 'Повесить люстру в зале',
            at_customer: true,
            address: 'Ташкент, Юнусабад, 4-й квартал',
            started_at: start.toISOString(),
            ended_at: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
            price_min: 10_000_000,
            price_max: 20_000_000,
          },
        })
        expect(order.status).toBe(201)
        const orderId = order.body.id as number

        const arrived = nextEvent<NotifPayload>(socket, 'notif', 10_000)
        const reply = await onFirst('POST', `${V1}/orders/${orderId}/replies`, {
          token: specialist.token,
          body: { message: 'Сделаю сегодня.' },
        })
        expect(reply.status).toBe(201)
        expect((await arrived).notification).toMatchObject({
          type_push: 'order_reply',
          status: 'active',
          link: `/order/${orderId}`,
        })
      } finally {
        // With the customer's socket still open: shutting down closes it, the Redis clients and the database.
        for (const server of servers) server.child.kill('SIGTERM')
      }
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0])
      running.length = 0
    }, 120_000)
  })

  describe('a session that ends, and a role taken, while sockets are open on two apps', () => {
    let created: Awaited<ReturnType<typeof createEmptyDatabase>>
    let database: DatabaseHandle
    let dataDir: string
    beforeAll(async () => {
      // A database with an address of its own: the support-staff command, a process of its own, opens it too.
      created = await createEmptyDatabase(databaseUrl!)
      database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' })
      await database.migrate()
      dataDir = await mkdtemp(join(tmpdir(), 'fika-staff-'))
    })
    afterAll(async () => {
      await database?.close()
      await created?.drop()
      await rm(dataDir, { recursive: true, force: true })
    })

    /** `npm run support-staff -- …` as an operator runs it beside the servers: only the database and Redis. */
    function supportStaff(...args: string[]) {
      const child = spawn(process.execPath, [SUPPORT_STAFF_COMMAND, ...args], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          DATABASE_URL: created.url,
          REDIS_URL: redisUrl!,
          REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      return new Promise<{ code: number | null; output: string }>((resolve) =>
        child.on('exit', (code) => resolve({ code, output })),
      )
    }

    const twoApps = () => twoAppsOn(database)

    /** The rooms an app holds the user's sockets in. */
    const roomsOn = (app: App, userId: number) =>
      [...app.services.realtime.io!.of('/').sockets.values()]
        .filter((socket) => socket.data.userId === userId)
        .flatMap((socket) => [...socket.rooms])

    it('disconnects at once, on the other app, the socket of a session logged out on one', async () => {
      const { apps, urls } = await twoApps()
      const [first] = apps
      try {
        const customer = await registerUser(injectCall(first), 'customer')
        const socket = await joinedSocket(urls[1]!, customer.token)
        const heard = collect(socket)
        const disconnected = nextEvent(socket, 'disconnect')

        expect(
          (await injectCall(first)('GET', `${AUTH_PATH}/logout`, { token: customer.token })).status,
        ).toBe(200)
        expect(await disconnected).toBe('io server disconnect')
        first.services.realtime.hub.notify(customer.id, notifPayload('после выхода'))
        socket.connect()
        expect((await nextEvent<Error>(socket, 'connect_error')).message).toBe('unauthorized')
        expect(heard).toEqual([])
      } finally {
        closeClients()
        await Promise.all(apps.map((app) => app.close()))
      }
    })

    it('takes the support room on every app from a staff member `npm run support-staff -- remove` removes', async () => {
      const { apps, urls } = await twoApps()
      const [first, second] = apps
      try {
        const person = await registerUser(injectCall(first), 'customer')
        const staff = await registerUser(injectCall(first), 'customer')
        expect(await supportStaff('add', staff.phone)).toMatchObject({ code: 0 })
        const chat = await injectCall(first)('POST', `${V1}/chats/support`, { token: person.token })
        const ask = (text: string) =>
          injectCall(first)('POST', `${V1}/chats/${chat.body.id as number}/messages`, {
            token: person.token,
            body: { client_id: `cluster-${randomBytes(4).toString('hex')}`, text },
          })
        const staffSockets = [
          await joinedSocket(urls[0]!, staff.token),
          await joinedSocket(urls[1]!, staff.token),
        ]
        const heard = staffSockets.map((socket) => {
          const texts: string[] = []
          socket.on('chat:message', (event: ChatMessageEvent) => texts.push(event.message.text))
          return texts
        })
        const toTeam = staffSockets.map((socket) => nextEvent(socket, 'chat:message', 10_000))
        await ask('до')
        await Promise.all(toTeam)

        const removed = await supportStaff('remove', staff.phone)
        expect(removed).toMatchObject({ code: 0 })
        expect(removed.output).toContain('is no longer support staff')
        await vi.waitFor(() => {
          for (const app of [first, second]) expect(roomsOn(app, staff.id)).not.toContain(SUPPORT_TEAM_ROOM)
        }, 10_000)
        await ask('после')
        // Emitted after the message on the same stream: once it is here, the message would have been too.
        const markers = staffSockets.map((socket) => nextEvent(socket, 'notif', 10_000))
        first.services.realtime.hub.notify(staff.id, notifPayload('marker'))
        await Promise.all(markers)
        expect(heard).toEqual([['до'], ['до']])
      } finally {
        closeClients()
        await Promise.all(apps.map((app) => app.close()))
      }
    }, 60_000)
  })
})
