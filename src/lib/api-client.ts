import ky, { HTTPError, type KyInstance } from 'ky'
import * as v from 'valibot'
import { buildPath, type Endpoint } from '#contract/endpoint.ts'
import { ErrorBodySchema, type ErrorBody } from '#contract/errors.ts'

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : never
type In<S> = S extends v.GenericSchema ? v.InferInput<S> : never

/** A failed call: the HTTP status and, when the server answered, its one error body. */
export class ApiError extends Error {
  readonly status: number
  readonly body: ErrorBody | null
  constructor(status: number, body: ErrorBody | null) {
    super(body?.error.message ?? `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
  get code() {
    return this.body?.error.code ?? (this.status === 0 ? 'network' : 'error_occurred')
  }
  /** Field name -> messages, for forms. */
  get fields(): Record<string, string[]> {
    return this.body?.error.fields ?? {}
  }
}

export type ApiClientOptions = {
  baseUrl?: string
  getToken: () => string | null
  getLocale: () => string
  /** Trades the refresh cookie for a new access token; resolves null when the session is over. */
  refreshToken: (expiredToken: string | null) => Promise<string | null>
  onSessionEnded: () => void
  /** The server's renderer asks the API inside its own process. */
  fetch?: (request: Request) => Promise<Response>
}

/**
 * The one HTTP client: Accept-Language and the bearer token on every call, and on a 401 one shared refresh and one
 * retry. It returns data or throws ApiError; it never shows anything or navigates (the app reacts to
 * `onSessionEnded`).
 */
export function createApiClient(options: ApiClientOptions) {
  const http: KyInstance = ky.create({
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
          if (response.status !== 401 || retryCount > 0 || !request.headers.has('authorization')) return
          const sent = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null
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

  async function call<E extends Endpoint>(
    endpoint: E,
    input: { params?: Record<string, string | number>; query?: In<E['query']>; body?: In<E['body']> } = {},
  ): Promise<Out<E['response']>> {
    try {
      return await http(buildPath(endpoint.path, input.params), {
        method: endpoint.method,
        searchParams: input.query as Record<string, string> | undefined,
        json: input.body,
      }).json<Out<E['response']>>()
    } catch (error) {
      throw toApiError(error)
    }
  }

  return { call, http }
}
export type ApiClient = ReturnType<typeof createApiClient>

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data`.
    const parsed = v.safeParse(ErrorBodySchema, error.data)
    return new ApiError(error.response.status, parsed.success ? parsed.output : null)
  }
  // A fetch that never reached the server: offline, DNS, timeout.
  return new ApiError(0, null)
}
