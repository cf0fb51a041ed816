/**
 * The attempts area: failed logins, code checks and SMS sends, per phone and per address, which the SMS and auth
 * areas count against their limits. No routes. Takes nothing but the database; gives `app.attempts`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createAttemptsRepository, type AttemptsRepository } from './repository.ts'

export const attemptsArea = fp<Pick<AreaContext, 'database'>>(
  async (app, { database }) => {
    app.decorate('attempts', createAttemptsRepository(database.db))
  },
  { name: 'attempts-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptsRepository
  }
}
