import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorBody } from '#contract/errors.ts'
import { messageNumbers, translate } from '#server/i18n/messages.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { isAppNavigation } from './web-app.ts'

const localize = (code: string, locale: Locale, retryAfterS?: number) =>
  translate(code, locale, retryAfterS ?? (messageNumbers as Record<string, number | undefined>)[code])

function bodyOf(error: AppError, locale: Locale): ErrorBody {
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([field, codes]) => [
          field,
          codes.map((code) => localize(code, locale)),
        ]),
      )
    : undefined
  return {
    error: {
      type: error.type,
      code: error.code,
      message: localize(error.code, locale, error.retryAfterS),
      ...(fields && { fields }),
      ...(error.retryAfterS !== undefined && { retry_after: error.retryAfterS }),
    },
  }
}

/** Fastify's own failures (bad JSON, wrong content type, too large) become the one error body too. */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error
  const status = error.statusCode ?? 500
  if (status === 404) return new AppError('not_found', 'not_found')
  if (status === 429) return new AppError('rate_limited', 'too_many_requests')
  // Too large a file or body (multipart limits): the spec's "file too large or wrong format".
  if (status === 413) return new AppError('validation', 'file_invalid', { status: 413 })
  if (status >= 400 && status < 500) return new AppError('validation', 'invalid_request', { status })
  return new AppError('server', 'error_occurred', { status: 500 })
}

/** One error body everywhere; a 5xx never shows what went wrong inside, only the log does. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(error)
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed')
      if (appError.retryAfterS !== undefined) reply.header('retry-after', String(appError.retryAfterS))
      return reply.status(appError.status).send(bodyOf(appError, request.locale))
    })
    app.setNotFoundHandler((request, reply) => {
      // An app route that is no file: the web app's shell draws it (its router shows the 404 page if need be).
      if (app.sendAppShell && isAppNavigation(request)) return app.sendAppShell(reply)
      return reply.status(404).send(bodyOf(new AppError('not_found', 'not_found'), request.locale))
    })
  },
  { name: 'errors', dependencies: ['locale'] },
)
