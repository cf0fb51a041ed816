import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const lines: string[] = []
const t = useTestApp({
  // A budget of a few requests a minute, which the proxy's polls alone would pass.
  config: { REDIS_URL: process.env.REDIS_URL, RATE_LIMIT_PER_MINUTE: 5, LOG_LEVEL: 'info' },
  deps: { logStream: { write: (line: string) => void lines.push(line) } },
})

const ready = () => t.inject({ method: 'GET', url: endpoints.healthReady.path })

describe('the health checks a proxy polls', () => {
  it('answers live without asking anything else', async () => {
    const response = await t.inject({ method: 'GET', url: endpoints.healthLive.path })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'live' })
  })

  it('answers ready once the database (and Redis, when configured) answer, naming each check', async () => {
    const response = await ready()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', ...(process.env.REDIS_URL && { redis: 'ok' }), jobs: 'ok' },
    })
  })

  it("answers 503 in the error shape naming an area's failing check, and nothing of why", async () => {
    t.app.health.addReadinessCheck('mail', () =>
      Promise.reject(new Error('connect ECONNREFUSED secret-host:5432')),
    )
    const response = await ready()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      error: {
        type: 'server',
        code: 'not_ready',
        fields: { mail: ['Сервис ненадолго недоступен, повторите попытку через минуту'] },
      },
    })
    expect(Object.keys(response.json().error.fields)).toEqual(['mail'])
    expect(response.body).not.toContain('secret-host')
  })

  it('answers 503 `draining` once the process drains, while live and the API still answer', async () => {
    t.app.health.drain()
    const response = await ready()
    expect(response.statusCode).toBe(503)
    expect(Object.keys(response.json().error.fields)).toEqual(['draining'])
    expect((await t.inject({ method: 'GET', url: endpoints.healthLive.path })).statusCode).toBe(200)
    expect((await t.inject({ method: 'GET', url: endpoints.health.path })).statusCode).toBe(200)
  })

  it('is never rate limited: a proxy polling past the per-address budget is always answered', async () => {
    const statuses = async (url: string) => {
      const answers = []
      for (let poll = 0; poll < 8; poll++) answers.push((await t.inject({ method: 'GET', url })).statusCode)
      return answers
    }
    expect(await statuses(endpoints.healthLive.path)).toEqual(Array(8).fill(200))
    expect(await statuses(endpoints.healthReady.path)).toEqual(Array(8).fill(200))
    // The budget is real: an ordinary call past it is refused.
    expect(await statuses(endpoints.settings.path)).toContain(429)
  })

  it('writes no log line for a poll that finds all well, and a warning naming a failing check', async () => {
    lines.length = 0
    await t.inject({ method: 'GET', url: endpoints.healthLive.path })
    await ready()
    expect(lines).toEqual([])
    // The job queue stops answering (its connection closed).
    await t.app.jobs.stop()
    await ready()
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; failed?: string[] })
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: 'not ready', failed: ['jobs'] }))
  })

  it('answers 503 naming redis while the Redis it is configured with is away', async () => {
    const app = await buildApp({
      config: {
        ...testConfig({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }),
        JWT_SECRET: TEST_SECRET,
      },
      database: t.db,
      realtime: false,
    })
    try {
      const response = await app.inject({ method: 'GET', url: endpoints.healthReady.path })
      expect(response.statusCode).toBe(503)
      expect(Object.keys(response.json().error.fields)).toEqual(['redis'])
    } finally {
      await app.close()
    }
  })
})
