import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LOCALE_COOKIE } from '#contract/endpoint.ts'
import { DEFAULT_LOCALE, isLocale, resolveLocale, type Locale } from '#server/i18n/locale.ts'
import { isAppNavigation } from './web-app.ts'

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale
  }
}

/** The language a `lang` cookie names, if it names one the product has. */
function cookieLocale(request: FastifyRequest): Locale | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  // NOTE: @fastify/cookie parses `request.cookies` in its own onRequest hook, which runs after this one (the
  // security plugin registers it later, and the rate limit it registers must already answer in the language).
  // Its parser is an app decorator from the start, so it is called here directly.
  const value = request.server.parseCookie(header)[LOCALE_COOKIE]
  return isLocale(value) ? value : undefined
}

/** The language of an API call: its Accept-Language, else the session's cookie (a plain link sends none), else ru. */
export function callLocale(request: FastifyRequest): Locale {
  const acceptLanguage = request.headers['accept-language']
  return acceptLanguage ? resolveLocale(acceptLanguage) : (cookieLocale(request) ?? DEFAULT_LOCALE)
}

/**
 * A browser session cookie (no Expires or Max-Age), as the spec keeps the language for the session; readable by
 * scripts, since the app's switcher writes it too; Secure when the page came over https (behind a proxy,
 * `request.protocol` reads X-Forwarded-Proto only when TRUST_PROXY says the proxy is ours).
 */
function keepLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale) {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
  })
}

/**
 * Sets `request.locale` once per request; every message the server writes uses it.
 *
 * A page of the app is rendered in the language the app will show: a `?lang=` in the address (which the app also
 * takes and keeps), else the session's `lang` cookie, else Russian. Not Accept-Language: the app ignores the
 * browser's languages and starts in Russian. An API call is answered in its Accept-Language, which the app sets to
 * its current language; a call without one (a plain link) falls back to the cookie.
 */
export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE)
    // Fail at start rather than on the first request if the cookie parser is missing from the app.
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('parseCookie'))
        throw new Error('the locale plugin needs @fastify/cookie in the app')
    })
    app.addHook('onRequest', async (request, reply) => {
      if (isAppNavigation(request)) {
        const lang = (request.query as Record<string, unknown> | undefined)?.lang
        const chosen = isLocale(lang) ? lang : undefined
        // The shell and everything fetched after it are then in the chosen language.
        if (chosen) keepLocaleCookie(request, reply, chosen)
        request.locale = chosen ?? cookieLocale(request) ?? DEFAULT_LOCALE
        // The page depends on the cookie. The service worker is unaffected: a Request never carries its cookies
        // (the browser adds them on the wire), so the Cache API has no Cookie to compare.
        const vary = reply.getHeader('vary')
        reply.header('vary', vary ? `${String(vary)}, cookie` : 'cookie')
        return
      }
      request.locale = callLocale(request)
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
