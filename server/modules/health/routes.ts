import type { FastifyInstance, FastifyReply } from 'fastify'
import { sql } from 'drizzle-orm'
import { endpoints } from '#contract/endpoints.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { errorBodyOf } from '#server/plugins/errors.ts'
import type { createReadiness } from './readiness.ts'

type Deps = { database: DatabaseHandle; readiness: ReturnType<typeof createReadiness> }

// Polled every few seconds by the proxy and the supervisor: no rate limit, and no info lines when all is well.
const POLLED = { rateLimit: false, logLevel: 'warn' } as const

export async function healthRoutes(app: FastifyInstance, { database, readiness }: Deps) {
  contractRoute(
    app,
    endpoints.health,
    async () => {
      // A health check that does not touch the database would report a server that cannot serve anything.
      await database.db.execute(sql`select 1`)
      return { status: 'ok' as const, database: database.kind, uptime_s: Math.round(process.uptime()) }
    },
    { rateLimit: false },
  )

  contractRoute(app, endpoints.healthLive, () => ({ status: 'live' as const }), POLLED)

  contractRoute(
    app,
    endpoints.healthReady,
    async ({ request, reply }) => {
      if (readiness.draining) return notReady(reply, request.locale, ['draining'])
      const { checks, failed } = await readiness.report()
      if (failed.length > 0) {
        request.log.warn({ failed }, 'not ready')
        return notReady(reply, request.locale, failed)
      }
      return {
        status: 'ready' as const,
        checks: Object.fromEntries(checks.map((name) => [name, 'ok' as const])),
      }
    },
    POLLED,
  )
}

/** 503 in the one error shape, its fields naming what is not ready (a check's name, or `draining`). */
function notReady(reply: FastifyReply, locale: Locale, what: string[]) {
  const error = new AppError('server', 'not_ready', {
    status: 503,
    fields: Object.fromEntries(what.map((name) => [name, ['not_ready' as const]])),
  })
  return reply.status(503).send(errorBodyOf(error, locale))
}
