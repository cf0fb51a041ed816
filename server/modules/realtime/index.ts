/**
 * The realtime area: socket.io on this server's port (spec section 7) for the bell, the unread counts and the
 * chats. Takes the auth service and the users (a socket is a session's); gives `app.realtime`: the hubs the
 * notifications and chats areas emit through, and `setHooks` by which they answer a socket's events.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { attachRealtime, noRealtime, type Realtime, type RealtimeOptions } from './socket-server.ts'

export type RealtimeContext = AreaContext & {
  auth: AuthService
  users: UsersRepository
  /** The socket server's options, or false to build the app without one. */
  options: false | RealtimeOptions
}

export const realtimeArea = fp<RealtimeContext>(
  async (app, { config, clock, metrics, auth, users, options }) => {
    const realtime =
      options === false
        ? noRealtime
        : attachRealtime(app, {
            auth,
            users,
            clock,
            metrics,
            redisUrl: config.REDIS_URL,
            redisStreamName: `${config.REDIS_KEY_PREFIX}socket.io`,
            ...options,
          })
    app.decorate('realtime', realtime)
  },
  { name: 'realtime-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime
  }
}
