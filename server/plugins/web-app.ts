import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { CRAWLER_FILES } from '#contract/crawler-files.ts'
import { DEFAULT_LOCALE, HREFLANG, LOCALES, type Locale } from '#server/i18n/locale.ts'
import { encodedPage, type EncodedPage } from '#server/lib/encoded-page.ts'
import { jsonInHtml } from '#server/lib/json-in-html.ts'
import { createRouteStyles } from '#server/lib/route-styles.ts'
import type { PageHead, PagePlan, RenderedPage } from '#server/lib/web-page.ts'

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
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonInHtml(data)}</script>`),
  ].join('\n    ')
  return withLanguage.replace(/<title>[\s\S]*?<\/title>/, () => tags)
}

type PageFor = (pathname: string, locale: Locale, origin: string) => Promise<PagePlan> | undefined
type RenderPage = (url: string, locale: Locale, origin: string) => Promise<RenderedPage> | undefined

// A missing page stays out of search results; the app leaves this tag in place (it is not a `data-server-head` one).
const NOINDEX = '<meta name="robots" content="noindex">'

/** The page told to search engines as one to leave out: a 404. */
export const withNoindex = (html: string) =>
  html.includes('</title>')
    ? html.replace('</title>', () => `</title>${NOINDEX}`)
    : html.replace('</head>', () => `${NOINDEX}</head>`)

const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*(?:<noscript>|<\/body>))/
// Names the element src/main.tsx hydrates instead of painting anew.
const RENDERED_ROOT = '<div id="root" data-rendered="">'

// A page drawn on the server is painted before the app's code is fetched (src/boot.ts): the page's styles and
// pictures have the phone's link to themselves, and the app follows. The shell preloads that code (the build marks
// those links data-app); a drawn page leaves them out.
const APP_PRELOADS = /\s*<link rel="modulepreload"[^>]*\bdata-app\b[^>]*>/g

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

const hasBuild = (root: string) => existsSync(join(root, 'index.html'))

/**
 * Hosts the built web app from `dist/`: hashed assets cached for a year, everything else revalidated, and `/` sent
 * as the shell by `app.sendAppShell` (webPagesPlugin, registered once the areas that know the pages exist). Without
 * a build (the API alone, as in the API tests) nothing is served.
 *
 * NOTE: registered before the security plugin and the areas, as before: the files and `/` are routed here so that
 * they keep the hooks they had (no rate limit, no API hooks), while the pages are decided later.
 */
export const webAppPlugin = fp<{ root: string }>(
  async (app: FastifyInstance, { root }) => {
    if (!hasBuild(root)) {
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
    app.get('/', { schema: { hide: true } }, (request, reply) => app.sendAppShell!(request, reply))
  },
  { name: 'web-app', dependencies: ['locale'] },
)

/**
 * The shell answered for every app route: a public page with its own head and drawn on the server, a missing one
 * as a 404 kept out of search engines. `pageFor` and `renderPage` come from the page-heads and page-render areas.
 */
export const webPagesPlugin = fp<{ root: string; pageFor?: PageFor; renderPage?: RenderPage }>(
  async (app: FastifyInstance, { root, pageFor, renderPage }) => {
    if (!hasBuild(root)) return
    // Read once: every page is the shell with a few tags changed, answered without touching the disk.
    const shell = readFileSync(join(root, 'index.html'), 'utf8')
    const stylesOf = createRouteStyles(root)
    const answers = createPageAnswers(shell, stylesOf)

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

    async function sendPublicPage(
      request: FastifyRequest,
      reply: FastifyReply,
      origin: string,
      head: PageHead,
    ) {
      const page = await renderedPage(request, origin)
      reply.status(page ? page.status : 200)
      // A head without its drawing (no renderer build, or it failed) is sent as it is, for the compression plugin:
      // it is not kept, so compressing it at the kept answers' level on every request would cost more.
      if (!page) return reply.send(shellWithHead(shell, request.locale, origin, head))
      return reply.send(await answers.page(page, head, request.locale, origin).send(request, reply))
    }

    async function sendMissingPage(
      request: FastifyRequest,
      reply: FastifyReply,
      origin: string,
      sameForEveryone: boolean,
    ) {
      reply.status(404)
      const page = sameForEveryone ? await renderedPage(request, origin) : undefined
      // Only the app's own 404 screen goes out under a 404: a page the renderer found after all is left to the app.
      const answer =
        page?.status === 404 ? answers.missing(page, request.locale) : answers.shell(request.locale, true)
      return reply.send(await answer.send(request, reply))
    }

    async function sendAppShell(request: FastifyRequest, reply: FastifyReply) {
      const origin = `${request.protocol}://${request.host}`
      const pathname = request.url.split('?', 1)[0]!
      // A page that cannot be looked up (the database is away) must not cost the visitor the app: the plain shell.
      const plan = await Promise.resolve(pageFor?.(pathname, request.locale, origin)).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'page head failed')
          return undefined
        },
      )
      // Every answer is revalidated: a 404 too, so a page that comes to exist is not hidden by a kept copy.
      reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8')
      // Only a public page is rendered: a member's screen is theirs, and the server does not know who the visitor
      // is (the session lives in the browser).
      if (plan?.kind === 'page') return sendPublicPage(request, reply, origin, plan.head)
      if (plan?.kind === 'missing') return sendMissingPage(request, reply, origin, plan.sameForEveryone)
      return reply.status(200).send(await answers.shell(request.locale, false).send(request, reply))
    }
    app.decorate('sendAppShell', sendAppShell)
  },
  { name: 'web-pages', dependencies: ['web-app'] },
)

/** What `make` gives for `key`, made once and kept in `map`. */
function kept<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
) {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}

/**
 * The answers made from the shell, each compressed once: a drawn page is kept as long as the renderer keeps it and
 * the head service its head (both for a minute, dropped when the data behind them changes), each of which has one
 * object per address; the plain shell is kept per language.
 */
function createPageAnswers(shell: string, stylesOf: (routes: string[]) => string[]) {
  const pages = new WeakMap<RenderedPage, WeakMap<PageHead, EncodedPage>>()
  const missingPages = new WeakMap<RenderedPage, EncodedPage>()
  const shells = new Map<string, EncodedPage>()
  // Without a head of its own the shell names no address: the origin plays no part.
  const plainShell = (locale: Locale) => shellWithHead(shell, locale, '')
  const drawn = (page: RenderedPage, html: string) => withRenderedPage(html, page, stylesOf(page.routes))
  return {
    /** A public page as the renderer drew it, under its own head. */
    page: (page: RenderedPage, head: PageHead, locale: Locale, origin: string) =>
      kept(
        kept(pages, page, () => new WeakMap()),
        head,
        () => {
          const html = drawn(page, shellWithHead(shell, locale, origin, head))
          return encodedPage(page.status === 404 ? withNoindex(html) : html)
        },
      ),
    /** The app's 404 screen as the renderer drew it for a missing page. */
    missing: (page: RenderedPage, locale: Locale) =>
      kept(missingPages, page, () => encodedPage(withNoindex(drawn(page, plainShell(locale))))),
    /** The plain shell, for the app to draw in the browser; a missing page's is kept out of search engines. */
    shell: (locale: Locale, missing: boolean) =>
      kept(shells, `${locale} ${missing}`, () =>
        encodedPage(missing ? withNoindex(plainShell(locale)) : plainShell(locale)),
      ),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell for an app route, in the visitor's language, with a public page's own head or a missing one's 404. */
    sendAppShell?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>
  }
}
