import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { endpoints, V1 } from '#contract/endpoints.ts'
import { TEST_REDIS_KEY_PREFIX } from '#server/config.ts'
import { findHaproxy, startCluster, type Cluster } from '../../scripts/cluster.ts'
import { registrationBody, nextPhone } from './auth-flows.ts'
import { createEmptyDatabase } from './database.ts'
import { freePort } from './free-port.ts'

/** The cluster tests need a PostgreSQL server, Redis and HAProxy; `npm test` on PGlite skips them. */
export const clusterReady = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && findHaproxy())

export type RunningCluster = Cluster & {
  databaseUrl: string
  /** Every line the apps and the proxy wrote, for a failure's message. */
  output: string[]
  /** Stops it and drops its database and data folder. */
  close(): Promise<void>
}

/** `npm run cluster`'s topology on a database and a data folder of its own, on free ports. */
export async function startTestCluster(env: Record<string, string> = {}): Promise<RunningCluster> {
  const created = await createEmptyDatabase(process.env.DATABASE_URL!)
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-cluster-'))
  const output: string[] = []
  const cleanUp = async () => {
    await created.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  let cluster: Cluster
  try {
    cluster = await startCluster({
      port: await freePort(),
      statsPort: await freePort(),
      appPorts: [await freePort(), await freePort()],
      databaseUrl: created.url,
      redisUrl: process.env.REDIS_URL!,
      dataDir,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        JWT_SECRET: `cluster-test-${randomBytes(24).toString('hex')}`,
        SEED_DEMO_USERS: 'false',
        SEED_DEMO_ORDERS: 'false',
        // The load is all from this machine: the per-address budget is not what these tests measure.
        RATE_LIMIT_PER_MINUTE: '1000000',
        // Its own budget, sockets and caches on Redis: other test files run beside it on the same one.
        REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
        CHAT_MESSAGES_PER_MINUTE: '1000',
        OPEN_ORDERS_PER_CUSTOMER: '100000',
        ...env,
      },
      log: (line) => output.push(line),
    })
  } catch (error) {
    await cleanUp()
    throw new Error(`the cluster did not start: ${String(error)}\n${output.slice(-40).join('\n')}`)
  }
  return {
    ...cluster,
    databaseUrl: created.url,
    output,
    async close() {
      await cluster.stop()
      await cleanUp()
    },
  }
}

export type Answer = { status: number; body: Record<string, unknown> }

/** One HTTP request through the proxy, JSON in and out; `cookie` pins it to one process (SERVERID). */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; cookie?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.cookie && { cookie: options.cookie }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

/**
 * Registers through the proxy, reading the code from the dev SMS adapter; answers the token and the user's id.
 * The dev adapter keeps the codes it "sent" in its own process's memory, so the steps are pinned to one process.
 */
export async function registerThrough(base: string, type: 'customer' | 'executor') {
  const phone = nextPhone()
  const cookie = 'SERVERID=app1'
  const sent = await call(base, 'POST', endpoints.smsSend.path, { cookie, body: { phone, type: 'register' } })
  const requiredId = sent.body.required_id as string
  const sms = await call(base, 'GET', `${endpoints.devSms.path}?phone=${phone}`, { cookie })
  const [message] = sms.body.messages as { code: string }[]
  await call(base, 'POST', endpoints.smsVerify.path, {
    cookie,
    body: { required_id: requiredId, code: message!.code },
  })
  const registered = await call(base, 'POST', endpoints.register.path, {
    cookie,
    body: registrationBody(phone, requiredId, { type }),
  })
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`)
  const token = registered.body.token as string
  const profile = await call(base, 'GET', endpoints.profile.path, { token })
  return { token, id: profile.body.id as number }
}

/** The direct conversation between the caller and `userId`. */
export async function openChat(base: string, token: string, userId: number) {
  const chat = await call(base, 'POST', `${V1}/chats`, { token, body: { user_id: userId } })
  if (chat.status !== 200 && chat.status !== 201) throw new Error(`opening a chat answered ${chat.status}`)
  return chat.body.id as number
}
