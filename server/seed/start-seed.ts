import { createLocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import type { WalletService } from '#server/modules/wallet/service.ts'
import type { FastifyBaseLogger } from 'fastify'
import { seedCatalogue, seedContent } from './catalogue-seed.ts'
import { seedDemoChats } from './demo-chats.ts'
import { seedDemoOrders } from './demo-orders.ts'
import { seedDemoPlans } from './demo-plans.ts'
import { seedDemoUsers } from './demo-users.ts'
import { seedDemoSpecialists } from './demo-specialists.ts'
import { seedRegions } from './regions-seed.ts'

// What the seeds need of the built app (its log, and the wallet that sells the demo plans), named here rather than
// taken from server/app.ts: the app sits above the seeds.
type App = { log: FastifyBaseLogger; services: { wallet: WalletService } }

/**
 * What a server fills an empty database with when it starts: the catalogue, the information pages and the
 * districts in any environment, and outside production the demo accounts, orders, specialists, plans and chat
 * that let `npm start` show the whole product. Each part leaves a database that has it alone.
 */
export async function seedOnStart(app: App, database: DatabaseHandle, config: Config) {
  // The catalogue and the information pages are product content: an empty database gets them in any environment.
  const catalogue = await seedCatalogue(database.db)
  const content = await seedContent(database.db)
  const districts = await seedRegions(database.db)
  if (catalogue + content + districts > 0)
    app.log.info({ services: catalogue, pages: content, districts }, 'catalogue and content seeded')

  if (!config.SEED_DEMO_USERS || config.NODE_ENV === 'production') return
  const added = await seedDemoUsers(database.db)
  if (added > 0) app.log.info({ added }, 'demo users seeded')
  if (config.SEED_DEMO_ORDERS) {
    const orders = await seedDemoOrders(database.db, new Date())
    if (orders > 0) app.log.info({ orders }, 'demo orders seeded')
  }
  // After the open orders: the specialists' own orders are completed ones, which would stop those.
  const specialists = await seedDemoSpecialists(database.db, createLocalStorage(config.DATA_DIR), new Date())
  if (specialists > 0) app.log.info({ specialists }, 'demo specialists seeded')
  // Through the wallet itself, so the demo's plans have real invoices and ledger rows.
  const plans = await seedDemoPlans(database.db, app.services.wallet)
  if (plans > 0) app.log.info({ plans }, 'demo plans seeded')
  if ((await seedDemoChats(database.db, new Date())) > 0) app.log.info('demo conversation seeded')
}
