import ky, { type KyInstance } from 'ky'
import * as v from 'valibot'
import { ErrorBodySchema, type ErrorBody } from '#contract/errors.ts'
import type { ApiClientOptions } from './api-options.ts'

export { HTTPError } from 'ky'

/**
 * The HTTP side of the API client (ky): Accept-Language and the bearer token on every call, and on a 401 one shared
 * refresh and one retry. Loaded with the first call, not with the first screen, which a page drawn by the server
 * shows without asking anything.
 */
export function createHttp(options: ApiClientOptions): KyInstance {
  return ky.create({
    ...(options.baseUrl && { baseUrl: options.baseUrl }),
    ...(options.fetch && { fetch: options.fetch as typeof fetch }),
    credentials: 'same-origin',
    // No automatic retries (a replayed POST could publish twice); the one forced retry after a token refresh
    // still counts against this limit in ky 2, hence 1.
    retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [] },
    timeout: 30_000,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          request.headers.set('accept-language', options.getLocale())
          const token = options.getToken()
          if (token && !request.headers.has('authorization'))
            request.headers.set('authorization', `Bearer ${token}`)
        },
      ],
      afterResponse: [
        async ({ request, response, retryCount }) => {
          // Only a bearer token is refreshed: a 401 on another credential (the Mini App's `tma` login) is that
          // login refused, not the session expired.
          const authorization = request.headers.get('authorization')
          if (response.status !== 401 || retryCount > 0 || !authorization?.startsWith('Bearer ')) return
          const sent = authorization.replace(/^Bearer /, '')
          const fresh = await options.refreshToken(sent)
          if (!fresh) {
            options.onSessionEnded()
            return
          }
          const headers = new Headers(request.headers)
          headers.set('authorization', `Bearer ${fresh}`)
          return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED' })
        },
      ],
    },
  })
}

/** The server's one error shape, or null when an answer is not in it (a proxy's page, say). */
export function errorBodyOf(data: unknown): ErrorBody | null {
  const parsed = v.safeParse(ErrorBodySchema, data)
  return parsed.success ? parsed.output : null
}
