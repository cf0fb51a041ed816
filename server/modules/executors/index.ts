/**
 * The executors area: the specialists' search (/executors), by speciality, district and rating. Takes the
 * districts; gives `app.executors` (the search, which the bot's catalogue asks too).
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { createExecutorsRepository } from './repository.ts'
import { executorRoutes } from './routes.ts'
import { createExecutorsService, type ExecutorsService } from './service.ts'

export type ExecutorsPort = { service: ExecutorsService }

export const executorsArea = fp<AreaContext & { districts: DistrictsRepository }>(
  async (app, { database: { db }, clock, districts }) => {
    const executors = createExecutorsService(createExecutorsRepository(db), districts, clock)
    await app.register(executorRoutes, { executors })
    app.decorate('executors', { service: executors } satisfies ExecutorsPort)
  },
  { name: 'executors-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    executors: ExecutorsPort
  }
}
