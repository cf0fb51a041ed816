import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as v from 'valibot'
import {
  EMAIL_BOUNCES_PATH,
  EMAIL_UNSUBSCRIBE_PATH,
  EMAIL_VERIFY_PATH,
  EmailUnsubscribeQuerySchema,
  EmailVerifyQuerySchema,
} from '#contract/email-endpoints.ts'
import type { EmailNotice } from '#contract/email-notices.ts'
import { endpoints } from '#contract/endpoints.ts'
import { isLocale, type Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import { safeEqual } from '#server/lib/secrets.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { MULTIPART_LIMITS } from '#server/plugins/multipart-limits.ts'
import { UNSUBSCRIBE_PAGE_STYLE, unsubscribePage } from './mail-texts.ts'
import type { EmailService } from './service.ts'

const STYLE_HASH = `'sha256-${createHash('sha256').update(UNSUBSCRIBE_PAGE_STYLE).digest('base64')}'`
const PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

/** The language a mail's link names (`&lang=`), else the request's. */
const localeOf = (query: unknown, fallback: Locale): Locale => {
  const lang = (query as { lang?: unknown } | undefined)?.lang
  return isLocale(lang) ? lang : fallback
}

/**
 * The profile's "send the link again", the verification link (and its JSON twin), and the unsubscribe link: a page
 * on GET, the unsubscribe itself on POST (RFC 8058 one-click, or the page's button).
 */
export async function emailRoutes(
  app: FastifyInstance,
  { email, bounceSecret }: { email: EmailService; bounceSecret: string | undefined },
) {
  if (bounceSecret) bounceRoute(app, email, bounceSecret)
  contractRoute(app, endpoints.emailSendLink, ({ request }) =>
    email.sendLinkAgain(request.user!, request.locale),
  )
  contractRoute(app, endpoints.emailVerify, async ({ body }) => {
    await email.verify(body.token)
    return { status: true }
  })

  // The mailed link: verifies, then opens the account's settings with a notice of how it went.
  app.get(EMAIL_VERIFY_PATH, async (request, reply) => {
    const query = v.safeParse(EmailVerifyQuerySchema, request.query)
    const notice: EmailNotice = query.success
      ? await email.verify(query.output.t).then(
          () => 'verified' as const,
          (error: unknown) => {
            // A refused link is a notice in the app; anything else (the database away) is a failure of ours.
            if (error instanceof AppError) return 'invalid' as const
            throw error
          },
        )
      : 'invalid'
    const lang = localeOf(request.query, request.locale)
    return reply.header('cache-control', 'no-store').redirect(`/account?email=${notice}&lang=${lang}`, 303)
  })

  // RFC 8058 lets the mail client post a form (either encoding); the token in the address is what counts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  )
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_POLICY)
      .send(html)

  // A GET only asks: mail scanners and link previews follow links, and must not unsubscribe anyone.
  app.get(EMAIL_UNSUBSCRIBE_PATH, async (request, reply) => {
    const locale = localeOf(request.query, request.locale)
    const query = v.safeParse(EmailUnsubscribeQuerySchema, request.query)
    const kind = query.success ? email.unsubscribeKind(query.output.t) : undefined
    if (!kind) return send(reply, 400, unsubscribePage({ step: 'invalid' }, locale))
    const action = request.url
    const kindTitle = email.kindTitle(kind, locale)
    return send(reply, 200, unsubscribePage({ step: 'ask', kindTitle, action }, locale))
  })

  app.post(
    EMAIL_UNSUBSCRIBE_PATH,
    { config: { multipartForm: 'fields', multipartOptions: { limits: MULTIPART_LIMITS.fields } } },
    async (request, reply) => {
      const locale = localeOf(request.query, request.locale)
      const query = v.safeParse(EmailUnsubscribeQuerySchema, request.query)
      const kind = query.success ? await email.unsubscribe(query.output.t) : undefined
      if (!kind) return send(reply, 400, unsubscribePage({ step: 'invalid' }, locale))
      const kindTitle = email.kindTitle(kind, locale)
      return send(reply, 200, unsubscribePage({ step: 'done', kindTitle, action: '' }, locale))
    },
  )
}

/** A bounce is read whole but never kept: a delivery status notification is a few kilobytes. */
const BOUNCE_MAX_BYTES = 256 * 1024

/**
 * `POST /api/email/bounces`: the mail provider's inbound route posts each mail that came back to our envelope
 * senders, as raw mail, with `Authorization: Bearer <MAIL_BOUNCE_SECRET>`. The answer is the same (204) whatever
 * the mail says, so nothing can be learnt by posting forged ones.
 */
function bounceRoute(app: FastifyInstance, email: EmailService, secret: string) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['message/rfc822', 'text/plain', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit: BOUNCE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      EMAIL_BOUNCES_PATH,
      { schema: { hide: true }, bodyLimit: BOUNCE_MAX_BYTES },
      async (request, reply) => {
        const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? ''
        if (!safeEqual(given, secret)) throw new AppError('auth', 'unauthorized', { status: 401 })
        if (typeof request.body === 'string') await email.bounced(request.body)
        return reply.status(204).send()
      },
    )
  })
}
