/**
 * The page-heads area: what a public page of the web app tells search engines and link previews (title,
 * description, alternates, card, JSON-LD), and whether an address is a page at all. No routes: the web-pages plugin
 * asks it. Takes the catalogue, the content, the profiles and the orders (each previews its pages); gives
 * `app.pageHeads`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createPageHeads, type PageHeads } from './service.ts'
import { loadWebMessages } from './web-messages.ts'

type PageSources = Omit<Parameters<typeof createPageHeads>[0], 'messages' | 'events' | 'ttlMs'>

export const pageHeadsArea = fp<AreaContext & PageSources>(
  async (app, { events, catalogue, content, profile, orders }) => {
    const pageHeads = createPageHeads({
      messages: () => loadWebMessages(),
      catalogue,
      content,
      profile,
      orders,
      events,
    })
    app.decorate('pageHeads', pageHeads)
  },
  { name: 'page-heads-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    pageHeads: PageHeads
  }
}
