import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldError } from 'react-hook-form'
import { errorText } from '#src/features/error-words/error-messages.ts'

/** The order rules' message keys (contract/errors.ts) as the web app words them, the same as the server's. */
const MESSAGES: Record<string, MessageDescriptor> = {
  services_required: msg`Choose at least one service`,
  order_name_required: msg`Name the order: at least 3 characters`,
  work_place_required: msg`Choose where the work happens: at the customer, at the executor or online`,
  area_required: msg`Name the district and city of the work`,
  start_in_past: msg`The start must be later than now`,
  end_before_start: msg`The end must be later than the start`,
  price_max_below_min: msg`The maximum price must be above the minimum`,
  date_time_required: msg`Choose both a date and a start time`,
}

/**
 * A key as words: the order rules' own here, the rest (lengths, prices, files) as every form words them; `max` is
 * the limit a length key names.
 */
export const orderErrorText = (i18n: I18n, code: string, max?: number) => {
  const own = MESSAGES[code]
  return own ? i18n._(own) : errorText(i18n, code, max)
}

/** Client checks yield keys; server errors arrive already in the person's language. */
export const fieldErrorText = (i18n: I18n, error: FieldError | undefined, max?: number) =>
  error?.message
    ? error.type === 'server'
      ? error.message
      : orderErrorText(i18n, error.message, max)
    : undefined
