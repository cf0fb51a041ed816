import type { Options } from 'ky'
import type * as ApiHttp from './api-http.ts'
import type * as v from 'valibot'
import { buildPath, type Endpoint } from '#contract/endpoint.ts'
import type { ApiClientOptions } from './api-options.ts'
import { ApiError } from './api-error.ts'
import { loadOnce } from './load-once.ts'

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : never
type In<S> = S extends v.GenericSchema ? v.InferInput<S> : never

export { ApiError }

export type { ApiClientOptions }

/** ky, once something has been asked: `toApiError` tells its HTTP errors apart. */
let httpModule: typeof ApiHttp | undefined

/**
 * The one HTTP client: Accept-Language and the bearer token on every call, and on a 401 one shared refresh and one
 * retry (src/lib/api-http.ts, loaded with the first call). It returns data or throws ApiError; it never shows
 * anything or navigates (the app reacts to `onSessionEnded`).
 */
export function createApiClient(options: ApiClientOptions) {
  const loadClient = loadOnce(async () => {
    httpModule = await import('./api-http.ts')
    return httpModule.createHttp(options)
  })

  /** A raw request (uploads, files, the outbox): the Response, or ky's HTTPError for `toApiError`. */
  const http = async (input: string, init?: Options): Promise<Response> => (await loadClient())(input, init)

  async function call<E extends Endpoint>(
    endpoint: E,
    input: {
      params?: Record<string, string | number>
      query?: In<E['query']>
      body?: In<E['body']>
      /** Another credential than the session's bearer token (the Mini App's `tma` login). */
      headers?: Record<string, string>
    } = {},
  ): Promise<Out<E['response']>> {
    try {
      const client = await loadClient()
      return await client(buildPath(endpoint.path, input.params), {
        method: endpoint.method,
        searchParams: input.query as Record<string, string> | undefined,
        json: input.body,
        headers: input.headers,
      }).json<Out<E['response']>>()
    } catch (error) {
      throw toApiError(error)
    }
  }

  /** Loads the client ahead of the first call, so a tap after the first screen does not wait for it. */
  const preload = () => void loadClient().catch(() => undefined)

  return { call, http, preload }
}
export type ApiClient = ReturnType<typeof createApiClient>

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (httpModule && error instanceof httpModule.HTTPError) {
    // ky 2 has already read the body into `data`.
    return new ApiError(error.response.status, httpModule.errorBodyOf(error.data))
  }
  // A fetch that never reached the server: offline, DNS, timeout.
  return new ApiError(0, null)
}
