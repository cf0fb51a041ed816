import { maskPhonesIn } from './phone-mask.ts'

/**
 * What an error may say in a log. Allow-listed, because the errors of the database drivers carry the statement's
 * parameters (an order's name, description, address, a phone typed into it) in `params`, `parameters`, `detail`
 * and in their message; none of that may reach a log.
 */
type LoggedError = { type: string; message: string; stack: string; code?: string; cause?: LoggedError }

// Drizzle appends the parameters to its message; the statement before them has only placeholders ($1, $2...).
const PARAMS_TAIL = /\nparams:[\s\S]*$/
// PostgreSQL quotes the offending value in many messages (`invalid input syntax for type integer: "abc"`); the
// names of relations, constraints and columns it quotes too are kept, they are what a developer looks for.
const QUOTED = /(\b(?:relation|constraint|column|table|index|function|schema) )?"[^"\n]*"/g
const STATEMENT = /^Failed query: /

export const redactErrorText = (text: string) => {
  const withoutParams = text.replace(PARAMS_TAIL, '')
  // Drizzle's statement has placeholders for every value, so its quotes are identifiers only.
  if (STATEMENT.test(withoutParams)) return maskPhonesIn(withoutParams)
  return maskPhonesIn(withoutParams.replace(QUOTED, (match, name?: string) => (name ? match : '"…"')))
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)', stack: '' }
  const code = (error as { code?: unknown }).code
  const message = redactErrorText(error.message)
  return {
    type: error.constructor?.name ?? 'Error',
    message,
    ...(typeof code === 'string' && code.length <= 40 && { code }),
    // The stack's first line repeats the message: only its frames are kept.
    stack: [message, ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n'),
    ...(error.cause !== undefined && depth < 3 && { cause: serializeError(error.cause, depth + 1) }),
  }
}
