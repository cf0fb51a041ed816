/**
 * Counts every answer into the app's Prometheus metrics (server/lib/metrics.ts) and serves them, never publicly:
 * on the main port only to `Authorization: Bearer <METRICS_TOKEN>` (not found without a token configured), and on
 * a port of their own (METRICS_PORT, server/main.ts) for a scraper on the private network.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ERROR_CODES } from '#contract/errors.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import type { Metrics } from '#server/lib/metrics.ts'

export const METRICS_PATH = '/metrics'
/** The route label of a request no route matched (a missing file, a scan): its URL would be a label per visitor. */
export const UNMATCHED_ROUTE = 'unmatched'

const KNOWN_CODES = new Set<string>(ERROR_CODES)
// Our error bodies are small; a larger answer is a page or a file, not one of them.
const MAX_ERROR_BODY = 16 * 1024

/** Counts every answer; registered first, so that its hooks see each answer as sent and its time in full. */
export const metricsPlugin = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400) metrics.errors.inc({ code: errorCodeOf(payload) })
      return payload
    })
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE
      const { method } = request
      metrics.httpRequests.inc({ route, method, status: String(reply.statusCode) })
      metrics.httpDuration.observe({ route, method }, reply.elapsedTime / 1000)
    })
  },
  { name: 'metrics' },
)

/** `GET /metrics`; registered after the errors and security plugins, so that it answers in our shape, rate limited. */
export const metricsRoutePlugin = fp<{ metrics: Metrics; token: string | undefined }>(
  async (app, { metrics, token }) => {
    const allowed = token === undefined ? undefined : bearerCheck(token)
    app.get(
      METRICS_PATH,
      // Scraped every few seconds: no info lines for it.
      { logLevel: 'warn', schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!allowed) throw new AppError('not_found', 'not_found')
        if (!allowed(request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer')
          throw unauthorized()
        }
        return reply.type(metrics.contentType).send(await metrics.scrape())
      },
    )
  },
  { name: 'metrics-route', dependencies: ['errors'] },
)

/** The error shape's code of an error answer, `other` for one outside it (labels stay a known, short list). */
function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'string' || payload.length > MAX_ERROR_BODY) return 'other'
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'string' && KNOWN_CODES.has(code) ? code : 'other'
  } catch {
    return 'other'
  }
}

/** Compares a request's bearer token with the configured one in constant time (hashes of equal length). */
function bearerCheck(token: string) {
  const expected = createHash('sha256').update(token).digest()
  return (header: string | undefined) => {
    const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? ''
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected)
  }
}

/**
 * The metrics on a port of their own, for a scraper on the private network; `host` should not be a public
 * address. Answers `GET /metrics` and nothing else.
 */
export async function serveMetrics(metrics: Metrics, { port, host }: { port: number; host: string }) {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    )
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen({ port, host }, resolve))
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
