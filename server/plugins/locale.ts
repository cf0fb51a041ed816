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
      // Only API answers depend on the language. NOTE: a Vary on the web app's files would make the service
      // worker's cache miss whenever the browser's Accept-Language differs from the one it was cached with.
      if (request.url.startsWith('/api/')) {
        reply.header('content-language', request.locale)
        reply.header('vary', 'accept-language')
      }
    })
  },
  { name: 'locale' },
)
