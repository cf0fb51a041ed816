/**
 * The content area: the site's own pages (about, support) and the blog. Takes nothing but the database; gives
 * `app.content` (the page heads title a post or a page).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createContentRepository, type ContentRepository } from './repository.ts'
import { contentRoutes } from './routes.ts'

export type ContentPort = { repository: ContentRepository }

export const contentArea = fp<Pick<AreaContext, 'database'>>(
  async (app, { database }) => {
    const content = createContentRepository(database.db)
    await app.register(contentRoutes, { content })
    app.decorate('content', { repository: content } satisfies ContentPort)
  },
  { name: 'content-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentPort
  }
}
