import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import { currentRequestId } from '#server/lib/request-context.ts'
import { serveMetrics } from '#server/plugins/metrics.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

type App = Awaited<ReturnType<typeof buildApp>>

const TOKEN = 'a-metrics-token-for-the-tests-0123456789'
const t = useTestApp({ config: { METRICS_TOKEN: TOKEN } })

const scrape = (authorization?: string) =>
  t.inject({ method: 'GET', url: '/metrics', headers: { ...(authorization && { authorization }) } })

describe('GET /metrics on the main port', () => {
  it('is not reachable without its token, nor with a wrong one', async () => {
    const without = await scrape()
    expect(without.statusCode).toBe(401)
    expect(without.json().error.code).toBe('unauthorized')
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const refused = await scrape(wrong)
      expect(refused.statusCode, wrong).toBe(401)
      expect(refused.body).not.toContain('http_requests_total')
    }
  })

  it('serves the Prometheus text to its token: requests by route pattern, errors by code, event-loop lag', async () => {
    await t.inject({ method: 'GET', url: endpoints.healthLive.path })
    await t.inject({ method: 'GET', url: `${endpoints.category.path.replace('{id}', '987654')}` })
    await t.inject({ method: 'GET', url: '/api/nothing-here/12345' })

    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    const text = response.body
    expect(text).toContain('http_requests_total{route="/api/health/live",method="GET",status="200"} 1')
    // The pattern, never the id a caller put in the URL.
    expect(text).toContain(
      'http_requests_total{route="/api/fika/freelancer/v1.0.1/categories/:id",method="GET",status="404"} 1',
    )
    expect(text).toContain('http_requests_total{route="unmatched",method="GET",status="404"} 1')
    expect(text).not.toContain('987654')
    expect(text).not.toContain('12345')
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",route="\/api\/health\/live",method="GET"\} 1/,
    )
    expect(text).toContain('http_errors_total{code="not_found"} 2')
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(text).toContain('sockets_connected 0')
    // PostgreSQL's pool, when the tests run on it (PGlite has no pool).
    if (process.env.DATABASE_URL) expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m)
    else expect(text).not.toMatch(/^db_pool_connections\{/m)
  })

  it('answers each request with its id, keeping a safe one the proxy gave and replacing any other', async () => {
    const own = await t.inject({ method: 'GET', url: endpoints.healthLive.path })
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await t.inject({
      method: 'GET',
      url: endpoints.healthLive.path,
      headers: { 'x-request-id': 'haproxy-7f3a.42' },
    })
    expect(kept.headers['x-request-id']).toBe('haproxy-7f3a.42')
    const unsafe = await t.inject({
      method: 'GET',
      url: endpoints.healthLive.path,
      headers: { 'x-request-id': 'a"b\\nfake log line' },
    })
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

/** An app built on the test's database with other settings, closed after `use`. */
async function otherApp<T>(config: Partial<Config>, use: (app: App) => Promise<T>) {
  const app = await buildApp({
    config: { ...testConfig(config), JWT_SECRET: TEST_SECRET },
    database: t.db,
    realtime: false,
  })
  try {
    return await use(app)
  } finally {
    await app.close()
  }
}

describe('without METRICS_TOKEN', () => {
  it('the main port has no /metrics at all', async () => {
    const response = await otherApp({}, (app) => app.inject({ method: 'GET', url: '/metrics' }))
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
  })
})

describe('METRICS_PORT', () => {
  it('serves the metrics on their own port without a token, and nothing else there', async () => {
    await otherApp({}, async (app) => {
      const port = await freePort()
      const server = await serveMetrics(app.metrics, { port, host: '127.0.0.1' })
      try {
        await app.inject({ method: 'GET', url: endpoints.healthLive.path })
        const metrics = await fetch(`http://127.0.0.1:${port}/metrics`)
        expect(metrics.status).toBe(200)
        expect(await metrics.text()).toContain('http_requests_total{route="/api/health/live"')
        expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(404)
      } finally {
        await server.close()
      }
    })
  })
})

describe('the job queue and any area', () => {
  it('know the request they run for', async () => {
    const seen: (string | undefined)[] = []
    await otherApp({}, async (app) => {
      app.health.addReadinessCheck('probe', async () => void seen.push(currentRequestId()))
      const response = await app.inject({
        method: 'GET',
        url: endpoints.healthReady.path,
        headers: { 'x-request-id': 'req-from-proxy-1' },
      })
      expect(response.statusCode).toBe(200)
    })
    expect(seen).toEqual(['req-from-proxy-1'])
    expect(currentRequestId()).toBeUndefined()
  })
})
