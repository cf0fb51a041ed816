import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorBody } from '#contract/errors.ts'
import { messageNumbers, translate } from '#server/i18n/messages.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { callLocale } from './locale.ts'
import { isAppNavigation } from './web-app.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the body is read and the route's own work begins: a failure before it is the request's fault. */
    reachedHandler: boolean
  }
}

// A number the error itself names (`params.n`, as a list's own page limit) goes before the code's usual one.
const localize = (code: string, locale: Locale, retryAfterS?: number, params?: AppError['params']) =>
  translate(
    code,
    locale,
    retryAfterS ??
      (typeof params?.n === 'number'
        ? params.n
        : (messageNumbers as Record<string, number | undefined>)[code]),
    params,
  )

export function errorBodyOf(error: AppError, locale: Locale): ErrorBody {
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([field, codes]) => [
          field,
          codes.map((code) => localize(code, locale, undefined, error.params)),
        ]),
      )
    : undefined
  return {
    error: {
      type: error.type,
      code: error.code,
      message: localize(error.code, locale, error.retryAfterS, error.params),
      ...(fields && { fields }),
      ...(error.retryAfterS !== undefined && { retry_after: error.retryAfterS }),
    },
  }
}

// Fastify's own codes for a request it could not route or read.
const URL_TOO_LONG = new Set(['FST_ERR_MAX_PARAM_LENGTH'])
const MALFORMED_JSON = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY'])

/** Fastify's and its plugins' failures (bad JSON, wrong content type, too large, a broken form) in our shape. */
export function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error
  const status = error.statusCode ?? 500
  const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false
  if (status === 404) return new AppError('not_found', 'not_found')
  if (status === 429) return new AppError('rate_limited', 'too_many_requests')
  // Too large a file (the spec's "file too large or wrong format") or too large a body.
  if (status === 413)
    return new AppError('validation', multipart ? 'file_invalid' : 'request_too_large', { status })
  if (status === 414 || URL_TOO_LONG.has(error.code))
    return new AppError('validation', 'url_too_long', { status: 414 })
  if (status === 415) return new AppError('validation', 'unsupported_media_type', { status })
  if (status === 431) return new AppError('validation', 'headers_too_large', { status })
  if (MALFORMED_JSON.has(error.code) || error instanceof SyntaxError) {
    return new AppError('validation', 'malformed_json')
  }
  // A form with no boundary, or cut short, fails inside the parser before any route code ran: the client's fault.
  if (multipart && !request.reachedHandler) return new AppError('validation', 'multipart_invalid')
  if (status >= 400 && status < 500) return new AppError('validation', 'invalid_request', { status })
  return new AppError('server', 'error_occurred', { status: 500 })
}

/** One error body everywhere; a 5xx never shows what went wrong inside, only the log does. */
export const errorsPlugin = fp(
  async (app) => {
    app.decorateRequest('reachedHandler', false)
    app.addHook('preHandler', async (request) => {
      request.reachedHandler = true
    })
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(error, request)
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed')
      if (appError.retryAfterS !== undefined) reply.header('retry-after', String(appError.retryAfterS))
      return reply.status(appError.status).send(errorBodyOf(appError, request.locale))
    })
    app.setNotFoundHandler((request, reply) => {
      // An app route that is no file: the web app's shell draws it (its router shows the 404 page if need be).
      if (app.sendAppShell && isAppNavigation(request)) return app.sendAppShell(request, reply)
      return reply.status(404).send(errorBodyOf(new AppError('not_found', 'not_found'), request.locale))
    })
  },
  { name: 'errors', dependencies: ['locale'] },
)

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, an over-long parameter) fails before
 * any hook, so the language is read here as the locale plugin reads an API call's.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error, request)
  const locale = callLocale(request)
  return reply.status(appError.status).header('content-language', locale).send(errorBodyOf(appError, locale))
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers too large, a broken request line). The
 * answer is written on the socket by hand, in our shape and in the default language (no header could be read).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy()
  const headersTooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const appError = new AppError('validation', headersTooLarge ? 'headers_too_large' : 'invalid_request', {
    status: headersTooLarge ? 431 : 400,
  })
  const body = JSON.stringify(errorBodyOf(appError, 'ru'))
  const reason = headersTooLarge ? 'Request Header Fields Too Large' : 'Bad Request'
  socket.end(
    `HTTP/1.1 ${appError.status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
