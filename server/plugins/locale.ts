import fp from 'fastify-plugin'
import { DEFAULT_LOCALE, resolveLocale, type Locale } from '#server/i18n/locale.ts'

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale
  }
}

/** Reads Accept-Language once per request; every message the server writes uses `request.locale`. */
export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE)
    app.addHook('onRequest', async (request, reply) => {
      request.locale = resolveLocale(request.headers['accept-language'])
      reply.header('content-language', request.locale)
      reply.header('vary', 'accept-language')
    })
  },
  { name: 'locale' },
)
