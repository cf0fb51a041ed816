import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { WorkdayService } from './service.ts'

/** A calendar app polls a feed every few minutes at most; more from one address is someone trying tokens. */
const FEED_READS_PER_MINUTE = 30

export async function workdayRoutes(app: FastifyInstance, { workday }: { workday: WorkdayService }) {
  contractRoute(app, endpoints.executorJobs, ({ query, request }) => workday.jobs(query, request.user!))
  contractRoute(app, endpoints.createCalendarFeed, ({ request }) => workday.createFeed(request.user!))
  contractRoute(app, endpoints.deleteCalendarFeed, ({ request }) => workday.deleteFeed(request.user!))

  // CALENDAR_FEED_PATH: read with no session (the token is the key), so it is not a contract route.
  app.get(
    '/api/calendar/:feed',
    {
      schema: { hide: true },
      config: { rateLimit: { max: FEED_READS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { feed } = request.params as { feed: string }
      const ics = feed.endsWith('.ics') ? await workday.feed(feed.slice(0, -'.ics'.length)) : undefined
      if (ics === undefined) return reply.callNotFound()
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(ics)
    },
  )
}
