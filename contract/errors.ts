import * as v from 'valibot'

/** Kinds of failure a client reacts to differently; each maps to one HTTP status family. */
export const ERROR_TYPES = [
  'validation',
  'auth',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'server',
] as const
export type ErrorType = (typeof ERROR_TYPES)[number]

/**
 * Message keys the server answers with. The spec's own keys keep their spelling (`correct_pnone_number`,
 * `confirm_sameAsPassword`) because clients already match on them.
 */
export const ERROR_CODES = [
  // spec section 5 and 8
  'wrong_sms_code',
  'user_with_this_number',
  'user_not_reg',
  'phone_number_required',
  'correct_pnone_number',
  'password_required',
  'type_required',
  'specify_password',
  'password_least',
  'specify_sms_code',
  'sms_code_least_min',
  'sms_code_least_max',
  'confirm_password',
  'confirm_sameAsPassword',
  'specify_type_user',
  // added by the foundation where the spec is silent (docs/decisions/002-auth-and-sms-rules.md)
  'name_required',
  'name_max',
  'surname_required',
  'surname_max',
  'patronymic_max',
  'email_invalid',
  'password_max',
  'password_letters_digits',
  'password_too_common',
  'sms_type_invalid',
  'required_id_required',
  'sms_not_verified',
  'sms_code_expired',
  'sms_code_attempts_exceeded',
  'sms_attempts_exhausted',
  'sms_resend_too_soon',
  'sms_limit_phone',
  'sms_limit_ip',
  'sms_send_failed',
  'wrong_credentials',
  'too_many_login_attempts',
  'unauthorized',
  'token_expired',
  'refresh_invalid',
  'refresh_reused',
  'forbidden',
  'not_found',
  'too_many_requests',
  'invalid_request',
  'service_name_required',
  'service_name_max',
  'category_required',
  'category_not_found',
  'parent_not_in_category',
  'services_required',
  'order_name_required',
  'work_place_required',
  'start_in_past',
  'end_before_start',
  'price_max_below_min',
  'reply_too_short',
  'review_too_short',
  'rating_required',
  'only_customers_order',
  'cannot_order_from_yourself',
  'order_wrong_status',
  'already_replied',
  'executor_did_not_reply',
  'already_reviewed',
  'file_invalid',
  'error_occurred',
  // direct orders (docs/decisions/005-order-lifecycle.md)
  'executor_not_found',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ErrorBodySchema = v.object({
  error: v.object({
    type: v.picklist(ERROR_TYPES),
    code: v.string(),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.array(v.string()))),
    /** Seconds until the same call may succeed; set together with the Retry-After header on 429. */
    retry_after: v.optional(v.number()),
  }),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>
