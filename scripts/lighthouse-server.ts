/**
 * The server `npm run lighthouse` measures, in a child process: the real app on the embedded database with the
 * data `npm start` seeds, and beside it the baseline page (an empty Vite React build) from EMPTY_PAGE_DIR. It tells
 * its parent the pages to measure once it listens.
 */
import fastifyStatic from '@fastify/static'
import { and, asc, eq, isNull, like } from 'drizzle-orm'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { categories } from '#server/db/schema/catalogue.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import { seedOnStart } from '#server/seed/start-seed.ts'
import { DEMO_USERS } from '#server/seed/demo-users.ts'

export const EMPTY_PAGE_PREFIX = '/lighthouse-empty/'

const config = loadConfig()
const database = await openDatabase({ dataDir: config.DATA_DIR })
await database.migrate()
const app = await buildApp({ config: { ...config, JWT_SECRET: config.JWT_SECRET! }, database })
await seedOnStart(app, database, config)
await app.register(fastifyStatic, {
  root: process.env.EMPTY_PAGE_DIR!,
  prefix: EMPTY_PAGE_PREFIX,
  decorateReply: false,
  preCompressed: true,
})

const { db } = database
const [category] = await db
  .select({ slug: categories.slug })
  .from(categories)
  .orderBy(asc(categories.id))
  .limit(1)
const specialist = DEMO_USERS.find((user) => user.type === 'executor')!
const [profile] = await db
  .select({ slug: users.slug })
  .from(users)
  .where(and(like(users.slug, `${specialist.slugBase}%`), isNull(users.deletedAt)))
  .limit(1)
const [order] = await db
  .select({ id: orders.id })
  .from(orders)
  .where(eq(orders.status, 'open'))
  .orderBy(asc(orders.id))
  .limit(1)

await app.listen({ port: config.PORT, host: config.HOST })
process.send?.({
  pages: [
    '/',
    '/services-all',
    '/executors',
    '/orders',
    '/support',
    '/blog',
    `/${category!.slug}/services`,
    `/profile/${profile!.slug}`,
    `/order/${order!.id}`,
  ],
  baseline: EMPTY_PAGE_PREFIX,
})
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
)
