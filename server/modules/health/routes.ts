import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { endpoints } from '#contract/endpoints.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
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
}
