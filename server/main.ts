import { createLocalStorage } from './adapters/storage/local-storage.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDemoUsers } from './db/seed.ts'
import { seedCatalogue, seedContent } from './db/seed/catalogue-seed.ts'
import { seedDemoChats } from './db/seed/demo-chats.ts'
import { seedDemoOrders } from './db/seed/demo-orders.ts'
import { seedDemoPlans } from './db/seed/demo-plans.ts'
import { seedDemoSpecialists } from './db/seed/demo-specialists.ts'
import { seedRegions } from './db/seed/regions-seed.ts'
import { resolveSecret } from './secret.ts'

const PURGE_EVERY_MS = 60 * 60 * 1000
const SMS_FALLBACK_EVERY_MS = 60 * 1000
const SHUTDOWN_GRACE_MS = 10_000

async function start() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  await database.migrate()
  const app = await buildApp({ config: { ...config, JWT_SECRET: await resolveSecret(config) }, database })

  // The catalogue and the information pages are product content: an empty database gets them in any environment.
  const catalogue = await seedCatalogue(database.db)
  const content = await seedContent(database.db)
  const districts = await seedRegions(database.db)
  if (catalogue + content + districts > 0)
    app.log.info({ services: catalogue, pages: content, districts }, 'catalogue and content seeded')

  if (config.SEED_DEMO_USERS && config.NODE_ENV !== 'production') {
    const added = await seedDemoUsers(database.db)
    if (added > 0) app.log.info({ added }, 'demo users seeded')
    if (config.SEED_DEMO_ORDERS) {
      const orders = await seedDemoOrders(database.db, new Date())
      if (orders > 0) app.log.info({ orders }, 'demo orders seeded')
    }
    // After the open orders: the specialists' own orders are completed ones, which would stop those.
    const specialists = await seedDemoSpecialists(
      database.db,
      createLocalStorage(config.DATA_DIR),
      new Date(),
    )
    if (specialists > 0) app.log.info({ specialists }, 'demo specialists seeded')
    // Through the wallet itself, so the demo's plans have real invoices and ledger rows.
    const plans = await seedDemoPlans(database.db, app.services.wallet)
    if (plans > 0) app.log.info({ plans }, 'demo plans seeded')
    if ((await seedDemoChats(database.db, new Date())) > 0) app.log.info('demo conversation seeded')
  }

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
