import { randomUUID } from 'node:crypto'
import { SMS_CODE_LENGTH, type SmsType } from '#contract/schemas/auth.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import { withLock, type Database } from '#server/db/client.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { smsTexts } from '#server/i18n/messages.ts'
import { AppError, fieldError, rateLimited } from '#server/lib/app-error.ts'
import { addSeconds, secondsBetween, type Clock } from '#server/lib/clock.ts'
import { hmac, randomDigits, safeEqual } from '#server/lib/secrets.ts'
import { windowLimit } from '#server/lib/sliding-window.ts'
import { createAttemptsRepository, type AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { createSmsRepository, type SmsPurpose, type Verification } from './repository.ts'

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

type Deps = {
  db: Database
  users: UsersRepository
  attempts: AttemptsRepository
  sender: SmsSender
  clock: Clock
  secret: string
}

export function createSmsService({ db, users, attempts, sender, clock, secret }: Deps) {
  const repo = createSmsRepository(db)
  // The verification id is part of the keyed hash, so one code's hash says nothing about another's.
  const hashCode = (id: string, code: string) => hmac(secret, `${id}:${code}`)

  async function assertPhoneFitsPurpose(phone: string, purpose: SmsPurpose) {
    const registered = await users.existsByPhone(phone)
    if (purpose === 'register' && registered) throw fieldError('phone', 'user_with_this_number', 'conflict')
    if (purpose === 'reset_pass' && !registered) throw fieldError('phone', 'user_not_reg', 'not_found')
  }

  async function assertSendAllowed(
    scoped: ReturnType<typeof createSmsRepository>,
    phone: string,
    ip: string,
  ) {
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

  /**
   * Judges one typed code with everything it guards reserved first, under the phone's lock and in one
   * transaction: the phone's failures are counted, the code's try is taken (one conditional UPDATE), and a wrong
   * guess is recorded before the answer. A burst of guesses is judged one at a time against what the others spent,
   * so no guess can be judged on a count read before the rest were recorded. A right guess spends no try.
   */
  async function judgeCode(
    found: Verification,
    input: { code: string; ip: string; field: string; verify: boolean },
  ): Promise<void> {
    const problem = await withLock(db, `sms:${found.phone}`, async (tx) => {
      const scoped = createSmsRepository(tx)
      const failures = createAttemptsRepository(tx)
      const now = clock.now()
      const since = addSeconds(now, -SMS_RULES.WRONG_TRIES_WINDOW_S)
      const phoneLimit = windowLimit(
        await failures.since('sms_code', { phone: found.phone }, since),
        SMS_RULES.WRONG_TRIES_PER_PHONE,
        SMS_RULES.WRONG_TRIES_WINDOW_S,
        now,
      )
      if (phoneLimit.exceeded) return rateLimited('sms_attempts_exhausted', phoneLimit.retryAfterS)
      const reserved = await scoped.reserveTry(found.id, SMS_RULES.WRONG_TRIES_PER_CODE, now)
      if (!reserved) return fieldError(input.field, noTryReason(await scoped.find(found.id), now))
      if (!safeEqual(reserved.codeHash, hashCode(reserved.id, input.code))) {
        await failures.record('sms_code', found.phone, input.ip, now)
        return fieldError(input.field, 'wrong_sms_code')
      }
      await scoped.returnTry(reserved.id)
      if (input.verify) await scoped.markVerified(reserved.id, now)
      return undefined
    })
    // NOTE: thrown after the transaction, so the try and the failure it recorded are kept, not rolled back.
    if (problem) throw problem
  }

  /** Why a code had no try to give: spent or expired, else its own tries are used up. */
  function noTryReason(current: Verification | undefined, now: Date) {
    const live = current && !current.consumedAt && (current.verifiedAt || current.expiresAt > now)
    return live ? 'sms_code_attempts_exceeded' : 'sms_code_expired'
  }

  return {
    isRegistered: (phone: string) => users.existsByPhone(phone),

    async send(input: { phone: string; type: SmsType; ip: string; locale: Locale }) {
      await assertPhoneFitsPurpose(input.phone, input.type)
      const id = randomUUID()
      const code = randomDigits(SMS_CODE_LENGTH)
      await withLock(db, `sms:${input.phone}`, async (tx) => {
        const scoped = createSmsRepository(tx)
        await assertSendAllowed(scoped, input.phone, input.ip)
        const now = clock.now()
        await scoped.insert({
          id,
          phone: input.phone,
          purpose: input.type,
          codeHash: hashCode(id, code),
          ip: input.ip,
          createdAt: now,
          expiresAt: addSeconds(now, SMS_RULES.CODE_TTL_S),
        })
      })
      try {
        await sender.send({
          phone: input.phone,
          text: smsTexts[input.type][input.locale].replace('{code}', code),
        })
      } catch (error) {
        // The person never got this code, so it must not hold back the next one.
        await repo.remove(id)
        throw new AppError('server', 'sms_send_failed', { status: 502, cause: error })
      }
      return { status: true, required_id: id, retry_after: SMS_RULES.RESEND_COOLDOWN_S }
    },

    async verify(input: { required_id: string; code: string; ip: string }) {
      const verification = await repo.find(input.required_id)
      if (!verification) throw fieldError('code', 'sms_code_expired')
      await judgeCode(verification, { code: input.code, ip: input.ip, field: 'code', verify: true })
      return { isChecked: true as const }
    },

    /**
     * Spends a verified code on registration or reset. When the form also carries the code (the reset form does),
     * it must match too.
     */
    async consume(input: {
      required_id: string
      phone: string
      purpose: SmsPurpose
      code?: string
      ip: string
    }) {
      if (input.code !== undefined) {
        const verification = await repo.find(input.required_id)
        if (!verification || verification.phone !== input.phone)
          throw fieldError('required_id', 'sms_not_verified')
        await judgeCode(verification, { code: input.code, ip: input.ip, field: 'smsCode', verify: false })
      }
      const now = clock.now()
      const consumed = await repo.consume(
        {
          id: input.required_id,
          phone: input.phone,
          purpose: input.purpose,
          verifiedAfter: addSeconds(now, -SMS_RULES.VERIFIED_USABLE_S),
          maxAttempts: SMS_RULES.WRONG_TRIES_PER_CODE,
        },
        now,
      )
      if (!consumed) throw fieldError('required_id', 'sms_not_verified')
    },

    async purgeOld() {
      const before = addSeconds(clock.now(), -2 * SMS_RULES.DAY_S)
      await repo.purgeBefore(before)
      await attempts.purgeBefore(before)
    },
  }
}
export type SmsService = ReturnType<typeof createSmsService>
