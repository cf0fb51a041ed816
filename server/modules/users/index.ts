/**
 * The users area: the people's rows (a customer or a specialist, their phone and password), which most areas read.
 * It has no routes of its own: the profile and auth areas answer for a person. Takes the database; gives `app.users`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createUsersRepository, type UsersRepository } from './repository.ts'

export type UsersPort = { repository: UsersRepository }

export const usersArea = fp<Pick<AreaContext, 'database'>>(
  async (app, { database }) => {
    app.decorate('users', { repository: createUsersRepository(database.db) } satisfies UsersPort)
  },
  { name: 'users-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersPort
  }
}
