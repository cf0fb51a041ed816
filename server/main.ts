import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedOnStart } from './db/seed/start-seed.ts'
import { resolveSecret } from './secret.ts'

const PURGE_EVERY_MS = 60 * 60 * 1000
const SMS_FALLBACK_EVERY_MS = 60 * 1000
const SHUTDOWN_GRACE_MS = 10_000

async function start() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  const app = await buildApp({ config: { ...config, JWT_SECRET: await resolveSecret(config) }, database })

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
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('Start-up failed:', error)
  }
  process.exit(1)
})
