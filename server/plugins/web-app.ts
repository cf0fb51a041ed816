import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import LRUCache from 'lru-cache'
import { CRAWLER_FILES } from '#contract/crawler-files.ts'
import { DEFAULT_LOCALE, HREFLANG, LOCALES, type Locale } from '#server/i18n/locale.ts'
import { encodedPage, type EncodedPage } from '#server/lib/encoded-page.ts'
import { jsonLdScript } from '#server/modules/page-heads/json-ld.ts'
import type { PageHead } from '#server/modules/page-heads/service.ts'
import { createRouteStyles } from '#server/modules/page-render/route-styles.ts'
import type { RenderedPage } from '#server/modules/page-render/service.ts'

/** The id the app reads its first data from (src/lib/server-render.ts, FIRST_ANSWERS_ID). */
export const FIRST_ANSWERS_ID = 'first-answers'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// The shell, the service worker and the manifest must be fetched fresh, or a phone keeps an old version forever.
const REVALIDATE = 'no-cache'

/** Whether a request is a browser asking for a page of the app (not the API, not a file, not robots or a sitemap). */
export const isAppNavigation = (request: FastifyRequest) =>
  request.method === 'GET' &&
  !request.url.startsWith('/api/') &&
  request.url !== '/api' &&
  !CRAWLER_FILES.test(request.url) &&
  (request.headers.accept ?? '').includes('text/html')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const SITE = 'Fika'

/** The address of a page in a language: the language lives in the session, so it is `?lang=` beside the path. */
const addressIn = (origin: string, path: string, locale: Locale) =>
  `${origin}${path}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`

/**
 * The shell in the visitor's language, with a public page's own title, description, canonical link, alternates in
 * the other languages, Open Graph / Twitter card and JSON-LD. The app removes the tags it draws itself when it
 * starts (src/main.tsx); the structured data stays.
 */
export function shellWithHead(shell: string, locale: Locale, origin: string, head?: PageHead) {
  const withLanguage = shell.replace(/<html lang="[^"]*"/, `<html lang="${HREFLANG[locale]}"`)
  if (!head) return withLanguage
  const canonical = addressIn(origin, head.canonicalPath, locale)
  const marked = (tag: string) => tag.replace(/^<(\w+)/, '<$1 data-server-head')
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    marked(`<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
  const documentTitle = head.title.includes(SITE) ? head.title : `${head.title} — ${SITE}`
  const tags = [
    `<title>${escapeHtml(documentTitle)}</title>`,
    meta('name', 'description', head.description),
    marked(`<link rel="canonical" href="${escapeHtml(canonical)}" />`),
    ...LOCALES.map((other) =>
      marked(
        `<link rel="alternate" hreflang="${HREFLANG[other]}" href="${escapeHtml(addressIn(origin, head.canonicalPath, other))}" />`,
      ),
    ),
    marked(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(origin, head.canonicalPath, DEFAULT_LOCALE))}" />`,
    ),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(head.imageUrl ? [meta('property', 'og:image', head.imageUrl)] : []),
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.imageUrl ? [meta('name', 'twitter:image', head.imageUrl)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonLdScript(data)}</script>`),
  ].join('\n    ')
  return withLanguage.replace(/<title>[\s\S]*?<\/title>/, () => tags)
}

type HeadFor = (pathname: string, locale: Locale, origin: string) => Promise<PageHead | undefined> | undefined
type RenderPage = (url: string, locale: Locale, origin: string) => Promise<RenderedPage> | undefined

const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*(?:<noscript>|<\/body>))/
// Names the element src/main.tsx hydrates instead of painting anew.
const RENDERED_ROOT = '<div id="root" data-rendered="">'

// A page drawn on the server is painted before the app's code is fetched (src/boot.ts): the page's styles and
// pictures have the phone's link to themselves, and the app follows. The shell preloads that code (the build marks
// those links data-app); a drawn page leaves them out.
const APP_PRELOADS = /\s*<link rel="modulepreload"[^>]*\bdata-app\b[^>]*>/g

/** JSON inside an HTML data block: `<` could close the element, U+2028/9 break older parsers. */
const jsonInHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The page the app's screens drew on the server in place of the shell's empty root, and the data they drew it
 * from, which the app's first render reads (src/lib/server-render.ts) so that it hydrates the same markup.
 */
export function withRenderedPage(html: string, page: RenderedPage, styles: string[] = []) {
  const links = styles
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
    .join('')
  return html
    .replace(APP_PRELOADS, '')
    .replace('</head>', () => `${links}</head>`)
    .replace(
      ROOT,
      (_match, noscript: string) =>
        `${RENDERED_ROOT}${page.html}</div>\n    <script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonInHtml(page.answers)}</script>${noscript}`,
    )
}

/**
 * Hosts the built web app from `dist/`: hashed assets cached for a year, everything else revalidated, and the
 * shell answered for every app route. Without a build (the API alone, as in the API tests) nothing is served.
 */
export const webAppPlugin = fp<{ root: string; headFor?: HeadFor; renderPage?: RenderPage }>(
  async (app: FastifyInstance, { root, headFor, renderPage }) => {
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ root }, 'no web app build found: serving the API only (run `npm run build`)')
      return
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      // A route per built file, read once at start: an app route (/profile/x) then goes straight to the shell, with no
      // look in the folder on every request.
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each file (vite.config.ts): sent as they are, no work per request.
      preCompressed: true,
      setHeaders: (response, path) => {
        response.header('cache-control', path.startsWith(join(root, 'assets')) ? IMMUTABLE : REVALIDATE)
      },
    })
    // Read once: every page is the shell with a few tags changed, answered without touching the disk.
    const shell = readFileSync(join(root, 'index.html'), 'utf8')
    const stylesOf = createRouteStyles(root)
    // A drawn page's answer, compressed, is kept as long as the renderer keeps the page and the head service its
    // head (both for a minute, dropped when the data behind them changes): each has one object per address.
    const pageAnswers = new WeakMap<RenderedPage, WeakMap<PageHead, EncodedPage>>()
    function pageAnswer(page: RenderedPage, head: PageHead, html: () => string) {
      let byHead = pageAnswers.get(page)
      if (!byHead) pageAnswers.set(page, (byHead = new WeakMap()))
      let answer = byHead.get(head)
      if (!answer) byHead.set(head, (answer = encodedPage(html())))
      return answer
    }
    // The plain shell differs only by origin and language.
    const shells = new LRUCache<string, EncodedPage>({ max: 64 })
    function shellAnswer(origin: string, locale: Locale) {
      const key = `${origin} ${locale}`
      let answer = shells.get(key)
      if (!answer) shells.set(key, (answer = encodedPage(shellWithHead(shell, locale, origin))))
      return answer
    }
    /** The page drawn by the app's screens, or undefined when it cannot be: the shell then does as before. */
    async function renderedPage(request: FastifyRequest, origin: string) {
      const url = new URL(request.url, origin)
      // The app takes `?lang=` out of the address before it draws (src/lib/locale.ts): so does the renderer.
      url.searchParams.delete('lang')
      return Promise.resolve(renderPage?.(`${url.pathname}${url.search}`, request.locale, origin)).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'page render failed')
          return undefined
        },
      )
    }

    async function sendAppShell(request: FastifyRequest, reply: FastifyReply) {
      const origin = `${request.protocol}://${request.host}`
      const pathname = request.url.split('?', 1)[0]!
      // A head that cannot be read (the database is away) must not cost the visitor the app: the plain shell.
      const head = await Promise.resolve(headFor?.(pathname, request.locale, origin)).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'page head failed')
          return undefined
        },
      )
      // Only a public page that exists is rendered: a private one is the member's, and the server does not know
      // who the visitor is (the session lives in the browser).
      const page = head && (await renderedPage(request, origin))
      reply
        .status(page ? page.status : 200)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
      // A head without its drawing (no renderer build, or it failed) is sent as it is, for the compression plugin:
      // it is not kept, so compressing it at the kept answers' level on every request would cost more.
      if (head && !page) return reply.send(shellWithHead(shell, request.locale, origin, head))
      const answer = page
        ? pageAnswer(page, head, () =>
            withRenderedPage(shellWithHead(shell, request.locale, origin, head), page, stylesOf(page.routes)),
          )
        : shellAnswer(origin, request.locale)
      return reply.send(await answer.send(request, reply))
    }
    app.decorate('sendAppShell', sendAppShell)
    app.get('/', { schema: { hide: true } }, sendAppShell)
  },
  { name: 'web-app', dependencies: ['locale'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell for an app route, in the visitor's language and with a public page's own head. */
    sendAppShell?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>
  }
}
