/**
 * The health area: `/api/health` (the spec's: the process and its database answer), `/api/health/live` (the
 * process answers) and `/api/health/ready` (everything it needs answers, and it is not stopping). Takes the
 * configuration and the database; gives `app.health`, by which other areas add readiness checks (the job queue)
 * and server/main.ts drains the process before it stops.
 */
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { sql } from 'drizzle-orm'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createReadiness, type Readiness } from './readiness.ts'
import { healthRoutes } from './routes.ts'

export type { Readiness, ReadinessCheck } from './readiness.ts'

export const healthArea = fp<Pick<AreaContext, 'database' | 'config'>>(
  async (app, { database, config }) => {
    const readiness = createReadiness()
    readiness.addReadinessCheck('database', () => database.db.execute(sql`select 1`))
    if (config.REDIS_URL) {
      const redis = pingConnection(config.REDIS_URL)
      readiness.addReadinessCheck('redis', async () => {
        if (redis.status === 'wait') await redis.connect()
        return redis.ping()
      })
      app.addHook('onClose', async () => {
        if (redis.status !== 'wait') redis.disconnect()
      })
    }
    app.decorate('health', {
      addReadinessCheck: readiness.addReadinessCheck,
      drain: readiness.drain,
      get draining() {
        return readiness.draining
      },
    } satisfies Readiness)
    await app.register(healthRoutes, { database, readiness })
  },
  { name: 'health-area' },
)

/**
 * The readiness check's own small Redis connection, opened at the first check (an app that is never asked opens
 * none). While Redis is away it keeps trying to come back; a PING waits no longer than the check's bound.
 */
function pingConnection(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 })
  // Being away is what the check reports; the connection's own errors would only repeat it in the log.
  redis.on('error', () => undefined)
  return redis
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Readiness
  }
}
