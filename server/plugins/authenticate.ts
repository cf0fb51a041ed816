import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { unauthorized } from '#server/lib/app-error.ts'
import type { AccessClaims } from '#server/modules/auth/access-tokens.ts'
import type { AuthService } from '#server/modules/auth/service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | undefined
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
}

export const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined
}

/** `app.authenticate` guards a route: 401 without a valid access token of a live session. */
export const authenticatePlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('auth', undefined)
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const bearer = bearerOf(request)
      if (!bearer) throw unauthorized()
      request.auth = await auth.authenticate(bearer)
    })
  },
  { name: 'authenticate' },
)
