import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '#server/lib/app-error.ts'
import type { SitemapService } from './service.ts'

const CACHE_FOR_AN_HOUR = 'public, max-age=3600'

const sendXml = (reply: FastifyReply, xml: string) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_FOR_AN_HOUR).send(xml)

/** `/sitemap.xml`, its files (`/sitemap-{name}.xml`, at the root so they may list any page) and `/robots.txt`. */
export async function sitemapRoutes(app: FastifyInstance, { sitemap }: { sitemap: SitemapService }) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    sendXml(reply, await sitemap.index()),
  )

  app.get<{ Params: { file: string } }>(
    '/sitemap-:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const xml = await sitemap.file(request.params.file)
      if (xml === undefined) throw new AppError('not_found', 'not_found')
      return sendXml(reply, xml)
    },
  )

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_FOR_AN_HOUR).send(sitemap.robots()),
  )
}
