/**
 * The districts area: Tashkent's districts and their centres, listed for the forms and read by profiles, orders and
 * the specialists' search. Takes nothing but the database; gives `app.districts`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createDistrictsRepository, type DistrictsRepository } from './repository.ts'
import { districtRoutes } from './routes.ts'

export type DistrictsPort = { repository: DistrictsRepository }

export const districtsArea = fp<Pick<AreaContext, 'database'>>(
  async (app, { database }) => {
    const districts = createDistrictsRepository(database.db)
    await app.register(districtRoutes, { districts })
    app.decorate('districts', { repository: districts } satisfies DistrictsPort)
  },
  { name: 'districts-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    districts: DistrictsPort
  }
}
