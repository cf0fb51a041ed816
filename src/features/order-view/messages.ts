import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '#src/lib/api-client.ts'
import { errorText } from '#src/features/error-words/error-messages.ts'

/** The order page's own validation keys (contract/schemas/orders.ts) as the web app words them. */
const FIELD_MESSAGES = {
  reply_too_short: msg`Write at least 5 characters`,
  review_too_short: msg`Write at least 10 characters`,
  rating_required: msg`Choose a rating from 1 to 5`,
  services_required: msg`Choose a service`,
  order_name_required: msg`Name the order: at least 3 characters`,
  start_in_past: msg`The start must be later than now`,
  work_place_required: msg`Choose where the work takes place`,
  invalid_request: msg`Check this value`,
}

/** A field's check as words; `max` is the field's own limit, named by a length key's words. */
export function fieldText(i18n: I18n, code: string | undefined, max?: number) {
  if (!code) return undefined
  const known = FIELD_MESSAGES[code as keyof typeof FIELD_MESSAGES]
  return known ? i18n._(known) : errorText(i18n, code, max)
}

/** A server refusal in the person's language (the server words it); no network in ours. */
export function failureText(i18n: I18n, error: unknown) {
  if (error instanceof ApiError && error.status !== 0 && error.body) return error.message
  return errorText(i18n, error instanceof ApiError && error.status === 0 ? 'network' : 'error_occurred')
}

/** The message of an error body that came back later, through the outbox. */
export function refusalText(i18n: I18n, data: unknown) {
  const message = (data as { error?: { message?: unknown } } | null)?.error?.message
  return typeof message === 'string' ? message : errorText(i18n, 'error_occurred')
}
