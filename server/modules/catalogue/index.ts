/**
 * The catalogue area: the categories and services orders and specialists are filed under, and the map's settings.
 * Takes nothing but the database and the config, and hears of services moderators add (the domain events); gives
 * `app.catalogue` (the page heads name a category's page).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createCatalogueRepository } from './repository.ts'
import { catalogueRoutes } from './routes.ts'
import { createCatalogueService, type CatalogueService } from './service.ts'

export type CataloguePort = { service: CatalogueService }

const CATALOGUE_CHANNEL = 'fika:catalogue-changed'

export const catalogueArea = fp<AreaContext>(
  async (app, { database: { db }, config, events, broadcastOn }) => {
    const catalogue = createCatalogueService(createCatalogueRepository(db), {
      mapStyleUrl: config.MAP_STYLE_URL,
      botUsername: config.TELEGRAM_BOT_USERNAME,
    })
    // A proposed service approved or merged by a moderator is listed and found at once, not after the caches' time:
    // in every process (through Redis, when there is one), not only the one the moderator's request reached. A
    // message that may have been missed (a reconnect) forgets too: the catalogue is read again, nothing more.
    const broadcast = broadcastOn<'catalogue-changed'>(CATALOGUE_CHANNEL)
    broadcast?.listen(() => catalogue.catalogueChanged())
    app.addHook('onClose', async () => broadcast?.close())
    events.subscribe((event) => {
      if (event.type !== 'service.decided' || event.outcome === 'rejected') return
      if (broadcast) void broadcast.publish('catalogue-changed')
      else catalogue.catalogueChanged()
    })
    await app.register(catalogueRoutes, { catalogue })
    app.decorate('catalogue', { service: catalogue } satisfies CataloguePort)
  },
  { name: 'catalogue-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CataloguePort
  }
}
