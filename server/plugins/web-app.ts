import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

const IMMUTABLE = 'public, max-age=31536000, immutable'
// The shell, the service worker and the manifest must be fetched fresh, or a phone keeps an old version forever.
const REVALIDATE = 'no-cache'

/** Whether a request is a browser asking for a page of the app (not the API, not a file). */
export const isAppNavigation = (request: FastifyRequest) =>
  request.method === 'GET' &&
  !request.url.startsWith('/api/') &&
  request.url !== '/api' &&
  (request.headers.accept ?? '').includes('text/html')

/** What a page tells link previews (Telegram, search engines) before any script runs. */
export type PageHead = { title: string; description: string; canonicalUrl: string; imageUrl?: string }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The shell with the page's own title, description, canonical link and Open Graph / Twitter card. */
export function shellWithHead(shell: string, head: PageHead) {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}" />`,
    ...(head.imageUrl ? [`<meta property="og:image" content="${escapeHtml(head.imageUrl)}" />`] : []),
    `<meta name="twitter:card" content="${head.imageUrl ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ')
  return shell.replace(/<title>[\s\S]*?<\/title>/, tags)
}

/**
 * Hosts the built web app from `dist/`: hashed assets cached for a year, everything else revalidated, and the
 * shell answered for every app route. Without a build (the API alone, as in the API tests) nothing is served.
 */
export const webAppPlugin = fp<{ root: string }>(
  async (app: FastifyInstance, { root }) => {
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ root }, 'no web app build found: serving the API only (run `npm run build`)')
      return
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      setHeaders: (response, path) => {
        response.header('cache-control', path.startsWith(join(root, 'assets')) ? IMMUTABLE : REVALIDATE)
      },
    })
    const sendAppShell = (reply: FastifyReply) =>
      reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html', root)
    app.decorate('sendAppShell', sendAppShell)
    // Read once: a preview is the shell with a few tags changed, answered without touching the disk.
    const shell = readFileSync(join(root, 'index.html'), 'utf8')
    app.decorate('sendAppShellWithHead', (reply: FastifyReply, head: PageHead) =>
      reply
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(shellWithHead(shell, head)),
    )
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppShell(reply))
  },
  { name: 'web-app' },
)

declare module 'fastify' {
  interface FastifyInstance {
    sendAppShell?: (reply: FastifyReply) => FastifyReply
    /** The shell with a page's own head, for link previews of public pages (a public profile). */
    sendAppShellWithHead?: (reply: FastifyReply, head: PageHead) => FastifyReply
  }
}
