/**
 * The sitemap area: /sitemap.xml, its files and /robots.txt, at the site's public address. Takes nothing but the
 * database and the config; gives nothing.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createSitemapRepository } from './repository.ts'
import { sitemapRoutes } from './routes.ts'
import { createSitemapService } from './service.ts'

export const sitemapArea = fp<AreaContext & { urlsPerFile?: number }>(
  async (app, { database: { db }, config, urlsPerFile }) => {
    await app.register(sitemapRoutes, {
      sitemap: createSitemapService({
        repo: createSitemapRepository(db),
        publicUrl: config.PUBLIC_URL,
        urlsPerFile,
      }),
    })
  },
  { name: 'sitemap-area' },
)
