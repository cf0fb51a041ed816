import { createServer, type AddressInfo } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, localAddress, type Config } from './config.ts'
import { openDatabase, type DatabaseHandle } from './db/client.ts'
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-users.ts'
import { seedOnStart } from './seed/start-seed.ts'
import { createUsersRepository } from './modules/users/repository.ts'
import { serveMetrics } from './plugins/metrics.ts'
import { resolveSecret } from './secret.ts'

/** A stop's limit, under the 30 s a supervisor (Docker, systemd) waits after SIGTERM before it kills. */
const SHUTDOWN_GRACE_MS = 25_000

async function start() {
  const config = await withChosenPort(loadConfig())
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  const app = await buildApp({
    config: { ...config, JWT_SECRET: await resolveSecret(config) },
    database,
    // pino writes standard output asynchronously, so the welcome printed after listen would land amid the start's
    // log lines; through process.stdout every line is written in order. Production keeps pino's faster writer.
    ...(config.NODE_ENV !== 'production' && { logStream: process.stdout }),
  })

  await seedOnStart(app, database, config)

  // Scheduled work (the SMS fallback, retention) and every other background job are durable jobs on the database
  // (server/adapters/jobs), started with the app: nothing here keeps a timer of its own.

  const metricsServer = config.METRICS_PORT
    ? await serveMetrics(app.metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST })
    : undefined

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down')
    // Whatever hangs (a request that never ends, a job that never returns), the process is gone within the grace.
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than its grace: exiting anyway')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    // Not ready first: the proxy's health check sees it and sends no one new while the port is still open.
    app.health.drain()
    if (config.SHUTDOWN_DRAIN_MS > 0) await delay(config.SHUTDOWN_DRAIN_MS)
    // Closes the port, answers requests on open connections 503 (server/plugins/closing.ts), waits for the ones
    // running, closes every socket so its client reconnects elsewhere (the realtime area), then each area's
    // onClose (the job queue lets its running jobs finish).
    await app.close()
    await metricsServer?.close()
    await database.close()
    process.exit(0)
  }
  const stopOn = (signal: string) => () =>
    stop(signal).catch((error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    })
  process.on('SIGTERM', stopOn('SIGTERM'))
  process.on('SIGINT', stopOn('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  // Production's log stays JSON only; elsewhere a person reads the start, and this is what they need from it.
  if (config.NODE_ENV !== 'production') console.log(await welcome(config, database))
}

/**
 * PORT=0 asks for any free port, but the app's links (PUBLIC_URL's default) are fixed when it is built, before it
 * listens: so the port is chosen first and the configuration read again with it. Should another process take that
 * port before the server listens, the start fails on EADDRINUSE rather than serve links to the wrong port.
 */
async function withChosenPort(config: Config): Promise<Config> {
  if (config.PORT !== 0) return config
  return loadConfig({ ...process.env, PORT: String(await freePortOn(config.HOST)) })
}

async function freePortOn(host: string) {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen({ port: 0, host }, resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** The last lines of a start: the address to open, and the demo accounts when the database has them. */
async function welcome(config: Config, database: DatabaseHandle) {
  const address = localAddress(config.HOST, config.PORT)
  const lines = ['', `Fika is running at ${address}`]
  const users = createUsersRepository(database.db)
  for (const user of DEMO_USERS) {
    const role = user.type === 'customer' ? 'customer  ' : 'specialist'
    if (await users.existsByPhone(user.phone)) lines.push(`  demo ${role}  ${user.phone} / ${DEMO_PASSWORD}`)
  }
  if (config.SMS_PROVIDER === 'dev')
    lines.push(`  SMS codes are not sent: ${address}/api/dev/sms?phone=998XXXXXXXXX`)
  return lines.join('\n')
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('Start-up failed:', error)
  }
  process.exit(1)
})
