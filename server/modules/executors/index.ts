/**
 * The executors area: the specialists' search (/executors), by speciality, district and rating. Takes the
 * districts; gives nothing.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { createExecutorsRepository } from './repository.ts'
import { executorRoutes } from './routes.ts'
import { createExecutorsService } from './service.ts'

export const executorsArea = fp<AreaContext & { districts: DistrictsRepository }>(
  async (app, { database: { db }, clock, districts }) => {
    await app.register(executorRoutes, {
      executors: createExecutorsService(createExecutorsRepository(db), districts, clock),
    })
  },
  { name: 'executors-area' },
)
