import type { ErrorBody } from '#contract/errors.ts'

// Apart from the client (api-client.ts): the first screen tells a failed call apart without loading the client.
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
