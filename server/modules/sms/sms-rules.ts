// The limits that guard the SMS codes: how long one lives, how often one is sent, how many wrong tries it takes.

/** The limits that make a 4-digit code safe to use (docs/decisions/002-auth-and-sms-rules.md). */
export const SMS_RULES = {
  CODE_TTL_S: 5 * 60,
  RESEND_COOLDOWN_S: 59,
  WRONG_TRIES_PER_CODE: 3,
  WRONG_TRIES_PER_PHONE: 10,
  WRONG_TRIES_WINDOW_S: 24 * 3600,
  CODES_PER_PHONE_SHORT: 3,
  CODES_SHORT_WINDOW_S: 10 * 60,
  CODES_PER_PHONE_DAY: 10,
  DAY_S: 24 * 3600,
  CODES_PER_IP_HOUR: 20,
  HOUR_S: 3600,
  /** How long a verified code may still be used to register or reset. */
  VERIFIED_USABLE_S: 30 * 60,
  /** `GET /sms/check` (is this phone registered?) per address and per phone, in a ten-minute window. */
  CHECKS_PER_IP: 30,
  CHECKS_PER_PHONE: 10,
  CHECKS_WINDOW_S: 10 * 60,
} as const
