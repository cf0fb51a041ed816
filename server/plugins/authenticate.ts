import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { unauthorized } from '#server/lib/app-error.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { AccessClaims, AuthenticateBearer } from '#server/lib/caller.ts'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | undefined
    /** The caller's row, loaded with the session check; set together with `auth`. */
    user: UserRow | undefined
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
}

export const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined
}

/** The caller on a route guests may call too: a missing or bad token reads as a guest. */
export const optionalCaller = async (app: FastifyInstance, request: FastifyRequest) =>
  request.headers.authorization
    ? app
        .authenticate(request)
        .then(() => request.user)
        .catch(() => undefined)
    : undefined

/** `app.authenticate` guards a route: 401 without a valid access token of a live session. */
export const authenticatePlugin = fp<{ authenticate: AuthenticateBearer }>(
  async (app, { authenticate }) => {
    app.decorateRequest('auth', undefined)
    app.decorateRequest('user', undefined)
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const bearer = bearerOf(request)
      if (!bearer) throw unauthorized()
      const caller = await authenticate(bearer)
      request.auth = caller.claims
      request.user = caller.user
    })
  },
  { name: 'authenticate' },
)
