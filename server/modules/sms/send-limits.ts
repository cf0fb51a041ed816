// How often codes may be sent: a cooldown after each, and limits per phone (ten minutes, a day) and per address.
import { rateLimited } from '#server/lib/app-error.ts'
import { addSeconds, secondsBetween, type Clock } from '#server/lib/clock.ts'
import { windowLimit } from '#server/lib/sliding-window.ts'
import type { SmsRepository } from './repository.ts'
import { SMS_RULES } from './sms-rules.ts'

/** Refuses a code sent too soon after the last, or past the phone's or the address's limits. */
export async function assertSendAllowed(scoped: SmsRepository, clock: Clock, phone: string, ip: string) {
  const now = clock.now()
  const today = await scoped.sentSince({ phone }, addSeconds(now, -SMS_RULES.DAY_S))
  const last = today.at(-1)
  if (last && secondsBetween(last, now) < SMS_RULES.RESEND_COOLDOWN_S) {
    throw rateLimited('sms_resend_too_soon', SMS_RULES.RESEND_COOLDOWN_S - secondsBetween(last, now))
  }
  const shortWindowStart = addSeconds(now, -SMS_RULES.CODES_SHORT_WINDOW_S)
  for (const limit of [
    windowLimit(
      today.filter((at) => at > shortWindowStart),
      SMS_RULES.CODES_PER_PHONE_SHORT,
      SMS_RULES.CODES_SHORT_WINDOW_S,
      now,
    ),
    windowLimit(today, SMS_RULES.CODES_PER_PHONE_DAY, SMS_RULES.DAY_S, now),
  ]) {
    if (limit.exceeded) throw rateLimited('sms_limit_phone', limit.retryAfterS)
  }
  const fromIp = await scoped.sentSince({ ip }, addSeconds(now, -SMS_RULES.HOUR_S))
  const ipLimit = windowLimit(fromIp, SMS_RULES.CODES_PER_IP_HOUR, SMS_RULES.HOUR_S, now)
  if (ipLimit.exceeded) throw rateLimited('sms_limit_ip', ipLimit.retryAfterS)
}
