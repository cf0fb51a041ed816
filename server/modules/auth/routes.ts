import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_PATH, endpoints, REFRESH_COOKIE } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { bearerOf } from '#server/plugins/authenticate.ts'
import type { AuthService, Session } from './service.ts'

// Sent only to the auth paths, never readable by scripts, never sent by another site's page.
const cookieOptions = { httpOnly: true, secure: true, sameSite: 'strict', path: AUTH_PATH } as const

function keepRefreshCookie(reply: FastifyReply, refresh: Session['refresh']) {
  reply.setCookie(REFRESH_COOKIE, refresh.value, { ...cookieOptions, expires: refresh.expiresAt })
}

/** The spec's login answer: the access token and profile, with the refresh token in its cookie. */
export function answerSession(reply: FastifyReply, session: Session) {
  keepRefreshCookie(reply, session.refresh)
  return { token: session.token, profile: session.profile }
}

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  contractRoute(app, endpoints.register, async ({ body, request, reply }) =>
    answerSession(reply, await auth.register(body, request.ip, request.locale)),
  )

  contractRoute(app, endpoints.login, async ({ body, request, reply }) =>
    answerSession(reply, await auth.login(body, request.ip)),
  )

  contractRoute(app, endpoints.resetPassword, async ({ body, request, reply }) => ({
    status: true,
    ...answerSession(reply, await auth.resetPassword(body, request.ip)),
  }))

  const refresh = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    try {
      const { token, refresh } = await auth.refresh(request.cookies[REFRESH_COOKIE])
      keepRefreshCookie(reply, refresh)
      return { token }
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions)
      throw error
    }
  }
  contractRoute(app, endpoints.refresh, refresh)
  contractRoute(app, endpoints.refreshPost, refresh)

  contractRoute(app, endpoints.logout, async ({ request, reply }) => {
    const bearer = bearerOf(request)
    const caller = bearer ? await auth.authenticate(bearer).catch(() => undefined) : undefined
    await auth.logout(request.cookies[REFRESH_COOKIE], caller?.claims)
    reply.clearCookie(REFRESH_COOKIE, cookieOptions)
    return { status: true }
  })
}
