import type { ErrorCode, ErrorType } from '#contract/errors.ts'

const STATUS_BY_TYPE: Record<ErrorType, number> = {
  validation: 400,
  auth: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  server: 500,
}

/** A time span a message names; it is written in the reader's language and Tashkent time when translated. */
export type Period = { start: Date; end: Date }
/** A named value of a message (`{dates}`): text as it is, numbers and periods formatted per language. */
export type MessageParam = string | number | Period[]

type AppErrorOptions = {
  /** Named values the message puts in its `{name}` places. */
  params?: Record<string, MessageParam>
  /** Field name -> message keys; the error plugin translates them. */
  fields?: Record<string, ErrorCode[]>
  retryAfterS?: number
  /** Overrides the status of the type, as for 401 on a missing or expired access token. */
  status?: number
  cause?: unknown
}

/** An expected failure a client can act on; the error plugin turns it into the one error body. */
export class AppError extends Error {
  readonly type: ErrorType
  readonly code: ErrorCode
  readonly status: number
  readonly fields: Record<string, ErrorCode[]> | undefined
  readonly retryAfterS: number | undefined
  readonly params: Record<string, MessageParam> | undefined

  constructor(type: ErrorType, code: ErrorCode, options: AppErrorOptions = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.type = type
    this.code = code
    this.status = options.status ?? STATUS_BY_TYPE[type]
    this.fields = options.fields
    this.retryAfterS = options.retryAfterS
    this.params = options.params
  }

  /** Read by Fastify and its plugins, which expect thrown errors to carry their status here. */
  get statusCode() {
    return this.status
  }
}

export const fieldError = (field: string, code: ErrorCode, type: ErrorType = 'validation') =>
  new AppError(type, code, { fields: { [field]: [code] } })

export const rateLimited = (code: ErrorCode, retryAfterS: number) =>
  new AppError('rate_limited', code, { retryAfterS: Math.max(1, Math.ceil(retryAfterS)) })

export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError('auth', code, { status: 401 })
