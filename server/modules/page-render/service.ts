import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify'
import LRUCache from 'lru-cache'
import type { Locale } from '#server/i18n/locale.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { forgetChangedPages, pageCacheKey } from '#server/lib/page-cache.ts'
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_TOKEN } from '#server/lib/internal-requests.ts'
import type { RenderedPage } from '#server/lib/web-page.ts'

export type { RenderedPage }

type RenderInput = {
  url: string
  locale: Locale
  origin: string
  fetch: (request: Request) => Promise<Response>
}
type Renderer = { renderPage: (input: RenderInput) => Promise<RenderedPage> }

type Deps = {
  /** The renderer built by `vite build --ssr` (dist-ssr/entry-server.js); without it pages are not rendered. */
  entry: string
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>
  events: DomainEvents
  log: FastifyBaseLogger
  /** How long a rendered page is kept; a change we are told of drops it sooner. */
  ttlMs?: number
}

/**
 * Renders public pages for guests with the web app's own routes and screens, and keeps each for a minute per
 * origin, language and address, so a spike on the home page costs what a static file costs. Screens read their
 * data through the API's own routes inside this process (`inject`: no socket, no HTTP), so the HTML carries
 * exactly what the app would have fetched.
 */
export function createPageRenderer({ entry, inject, events, log, ttlMs = 60_000 }: Deps) {
  const available = existsSync(entry)
  if (!available) log.warn('no page renderer build found: public pages are not rendered on the server')
  let renderer: Promise<Renderer> | undefined
  const load = () => (renderer ??= import(pathToFileURL(entry).href) as Promise<Renderer>)

  const cache = new LRUCache<string, Promise<RenderedPage>>({ max: 2_000, ttl: ttlMs })
  forgetChangedPages(events, cache)

  const fetchInside =
    (locale: Locale) =>
    async (request: Request): Promise<Response> => {
      const url = new URL(request.url)
      const response = await inject({
        method: request.method as InjectOptions['method'],
        url: `${url.pathname}${url.search}`,
        headers: {
          accept: 'application/json',
          'accept-language': request.headers.get('accept-language') ?? locale,
          [INTERNAL_REQUEST_HEADER]: INTERNAL_REQUEST_TOKEN,
        },
      })
      return new Response(response.rawPayload.length > 0 ? response.rawPayload : null, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      })
    }

  return {
    available,
    /** The page at `url` (path and query) in a language, rendered or taken from the last minute's copy. */
    render(url: string, locale: Locale, origin: string): Promise<RenderedPage> {
      const key = pageCacheKey(origin, locale, url)
      let page = cache.get(key)
      if (!page) {
        page = load().then(({ renderPage }) =>
          renderPage({ url, locale, origin, fetch: fetchInside(locale) }),
        )
        // A failed render is not kept: the next visitor gets a new try.
        page.catch(() => cache.delete(key))
        cache.set(key, page)
      }
      return page
    },
    clear: () => cache.clear(),
  }
}
export type PageRenderer = ReturnType<typeof createPageRenderer>
