/**
 * The health area: `/api/health`, whether this process and its database answer. Takes the database; gives nothing.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { healthRoutes } from './routes.ts'

export const healthArea = fp<Pick<AreaContext, 'database'>>(
  async (app, { database }) => {
    await app.register(healthRoutes, { database })
  },
  { name: 'health-area' },
)
