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
    // A random address keeps this run's counters apart from any other run on the same Redis.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
    const call = (app: typeof first) =>
      app.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=998901234567`, remoteAddress: ip })
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
})
