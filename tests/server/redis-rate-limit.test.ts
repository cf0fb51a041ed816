import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const redisUrl = process.env.REDIS_URL
const t = useTestApp()

// Several server processes behind a load balancer must share one request budget per address (ARCHITECTURE.md).
describe.runIf(redisUrl)('the request budget with REDIS_URL', () => {
  it('is shared by two server instances on one Redis', async () => {
    const config = {
      ...testConfig({ RATE_LIMIT_PER_MINUTE: 4, REDIS_URL: redisUrl }),
      JWT_SECRET: TEST_SECRET,
    }
    const [first, second] = await Promise.all([
      buildApp({ config, database: t.db }),
      buildApp({ config, database: t.db }),
    ])
    // A random address and phone keep this run's counters apart from any other run on the same Redis (the phone's
    // budget lasts longer than a run).
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
    const phone = `99890${randomInt(1_000_000, 10_000_000)}`
    const call = (app: typeof first) =>
      app.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=${phone}`, remoteAddress: ip })
    try {
      const statuses = [await call(first), await call(second), await call(first), await call(second)].map(
        (response) => response.statusCode,
      )
      expect(statuses).toEqual([200, 200, 200, 200])
      expect((await call(first)).statusCode).toBe(429)
      expect((await call(second)).statusCode).toBe(429)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('is not shared by two deployments on one Redis, each with its own REDIS_KEY_PREFIX', async () => {
    const deployment = (prefix: string) =>
      buildApp({
        config: {
          ...testConfig({ RATE_LIMIT_PER_MINUTE: 2, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }),
          JWT_SECRET: TEST_SECRET,
        },
        database: t.db,
      })
    const run = randomInt(1_000_000)
    const [staging, production] = await Promise.all([
      deployment(`staging-${run}:`),
      deployment(`production-${run}:`),
    ])
    const call = (app: typeof staging) =>
      app.inject({
        method: 'GET',
        url: `${endpoints.smsCheck.path}?phone=998901234567`,
        remoteAddress: '10.0.0.9',
      })
    try {
      expect([(await call(staging)).statusCode, (await call(staging)).statusCode]).toEqual([200, 200])
      expect((await call(staging)).statusCode).toBe(429)
      expect((await call(production)).statusCode).toBe(200)
    } finally {
      await Promise.all([staging.close(), production.close()])
    }
  })
})

// The request budget is a guard against floods, not the product: an outage of its Redis must not take every route
// down with it. (Codes and logins keep their own limits in the database: modules/sms, modules/auth.)
describe('the request budget while its Redis is unreachable', () => {
  it('lets requests through instead of answering 5xx', async () => {
    const config = {
      ...testConfig({ RATE_LIMIT_PER_MINUTE: 4, REDIS_URL: 'redis://127.0.0.1:1' }),
      JWT_SECRET: TEST_SECRET,
    }
    const app = await buildApp({ config, database: t.db })
    try {
      const response = await app.inject({
        method: 'GET',
        url: `${endpoints.smsCheck.path}?phone=998901234567`,
      })
      expect(response.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})
