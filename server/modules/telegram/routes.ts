import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { endpoints } from '#contract/endpoints.ts'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { answerSession } from '#server/modules/auth/routes.ts'
import type { SessionCache } from '#server/modules/auth/session-cache.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { TelegramService, TelegramUpdate } from './service.ts'

const Id = v.pipe(v.number(), v.safeInteger())
const From = v.object({ id: Id, language_code: v.optional(v.pipe(v.string(), v.maxLength(35))) })
/** What of an update the bot reads; the rest of what Telegram sends is not kept. */
const UpdateSchema = v.object({
  update_id: v.pipe(Id, v.minValue(0)),
  message: v.optional(
    v.object({
      text: v.optional(v.pipe(v.string(), v.maxLength(4096))),
      chat: v.object({ id: Id, type: v.pipe(v.string(), v.maxLength(32)) }),
      from: v.optional(From),
      contact: v.optional(
        v.object({ phone_number: v.pipe(v.string(), v.maxLength(32)), user_id: v.optional(Id) }),
      ),
    }),
  ),
  inline_query: v.optional(
    v.object({
      id: v.pipe(v.string(), v.maxLength(64)),
      from: From,
      query: v.pipe(v.string(), v.maxLength(256)),
      offset: v.pipe(v.string(), v.maxLength(64)),
    }),
  ),
  callback_query: v.optional(
    v.object({
      id: v.pipe(v.string(), v.maxLength(64)),
      from: From,
      data: v.optional(v.pipe(v.string(), v.maxLength(64))),
      message: v.optional(
        v.object({ message_id: Id, chat: v.object({ id: Id, type: v.pipe(v.string(), v.maxLength(32)) }) }),
      ),
    }),
  ),
})

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
    const parsed = v.safeParse(UpdateSchema, request.body)
    if (!parsed.success) throw new AppError('validation', 'invalid_request')
    const { update_id, message, callback_query, inline_query } = parsed.output
    await telegram.receive({
      update_id,
      ...(message && { message }),
      ...(inline_query && { inline_query }),
      ...(callback_query && { callback_query }),
    } satisfies TelegramUpdate)
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
