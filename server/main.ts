import { createServer, type AddressInfo } from 'node:net'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, localAddress, type Config } from './config.ts'
import { openDatabase, type DatabaseHandle } from './db/client.ts'
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-users.ts'
import { seedOnStart } from './seed/start-seed.ts'
import { createUsersRepository } from './modules/users/repository.ts'
import { resolveSecret } from './secret.ts'

const PURGE_EVERY_MS = 60 * 60 * 1000
const SMS_FALLBACK_EVERY_MS = 60 * 1000
const SHUTDOWN_GRACE_MS = 10_000

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

  // Old codes and failure records only matter inside their windows; clearing them keeps the limit queries small.
  const purge = setInterval(() => {
    app.services.sms.purgeOld().catch((error: unknown) => app.log.error({ err: error }, 'purge failed'))
  }, PURGE_EVERY_MS)
  purge.unref()
  // Unread "you were chosen" and "your order was cancelled" become an SMS after SMS_FALLBACK_MINUTES.
  const smsFallback = setInterval(() => {
    app.services.notifications
      .runSmsFallback()
      .catch((error: unknown) => app.log.error({ err: error }, 'SMS fallback run failed'))
  }, SMS_FALLBACK_EVERY_MS)
  smsFallback.unref()

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    clearInterval(purge)
    clearInterval(smsFallback)
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
    force.unref()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

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
