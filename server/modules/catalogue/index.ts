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

export const catalogueArea = fp<AreaContext>(
  async (app, { database: { db }, config, events }) => {
    const catalogue = createCatalogueService(createCatalogueRepository(db), {
      mapStyleUrl: config.MAP_STYLE_URL,
      botUsername: config.TELEGRAM_BOT_USERNAME,
    })
    // A proposed service approved or merged by a moderator is listed and found at once, not after the caches' time.
    events.subscribe((event) => {
      if (event.type === 'service.decided' && event.outcome !== 'rejected') catalogue.catalogueChanged()
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
