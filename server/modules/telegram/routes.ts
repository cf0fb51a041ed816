import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { answerSession } from '#server/modules/auth/routes.ts'
import type { SessionCache } from '#server/modules/auth/session-cache.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { TelegramService } from './service.ts'
import { readUpdate } from './update-schema.ts'

const sameSecret = (given: unknown, secret: string) => {
  if (typeof given !== 'string') return false
  const [a, b] = [Buffer.from(given), Buffer.from(secret)]
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function telegramRoutes(
  app: FastifyInstance,
  {
    telegram,
    auth,
    sessionCache,
    clock,
    webhookSecret,
  }: {
    telegram: TelegramService
    auth: Pick<AuthService, 'startSessionFor'>
    sessionCache: Pick<SessionCache, 'forget'>
    clock: Clock
    webhookSecret: string | undefined
  },
) {
  // Telegram's own servers call it, at their pace: the per-address budget of people does not apply.
  app.post(TELEGRAM_WEBHOOK_PATH, { config: { rateLimit: false } }, async (request) => {
    if (!webhookSecret || !telegram.enabled) throw new AppError('not_found', 'not_found')
    if (!sameSecret(request.headers[TELEGRAM_SECRET_HEADER], webhookSecret)) throw unauthorized()
    const update = readUpdate(request.body)
    if (!update) throw new AppError('validation', 'invalid_request')
    await telegram.receive(update)
    return { ok: true }
  })

  contractRoute(app, endpoints.telegramLink, ({ request }) => telegram.createLink(request.user!.id))

  contractRoute(app, endpoints.telegramUnlink, async ({ request }) => {
    const user = await telegram.unlink(request.user!.id)
    await sessionCache.forget({ user: user.id })
    return presentProfile(user, clock.now())
  })

  contractRoute(app, endpoints.telegramLoginLink, async ({ body, reply }) =>
    answerSession(reply, await auth.startSessionFor(await telegram.userOfLoginLink(body.token))),
  )

  contractRoute(app, endpoints.telegramLogin, async ({ request, reply }) =>
    answerSession(
      reply,
      await auth.startSessionFor(await telegram.userOfLaunch(request.headers.authorization)),
    ),
  )
}
