/**
 * The page-render area: a public page drawn by the web app's own screens on the server (dist-ssr/entry-server.js),
 * reading the API through `app.inject`. No routes: the web-pages plugin asks it. Takes the renderer's build; gives
 * `app.pageRenderer`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createPageRenderer, type PageRenderer } from './service.ts'

export const pageRenderArea = fp<AreaContext & { entry: string }>(
  async (app, { events, entry }) => {
    const pageRenderer = createPageRenderer({
      entry,
      inject: (options) => app.inject(options),
      events,
      log: app.log,
    })
    app.decorate('pageRenderer', pageRenderer)
  },
  { name: 'page-render-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    pageRenderer: PageRenderer
  }
}
