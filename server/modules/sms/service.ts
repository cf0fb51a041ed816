import { randomUUID } from 'node:crypto'
import { SMS_CODE_LENGTH, type SmsType } from '#contract/schemas/auth.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import { withLock, type Database } from '#server/db/client.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { smsTexts } from '#server/i18n/messages.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { hmac, randomDigits } from '#server/lib/secrets.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { createCodeJudge } from './code-judge.ts'
import { createSmsRepository, type SmsPurpose } from './repository.ts'
import { assertSendAllowed } from './send-limits.ts'
import { SMS_RULES } from './sms-rules.ts'

export { SMS_RULES }

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
    if (purpose !== 'register' && !registered) throw fieldError('phone', 'user_not_reg', 'not_found')
  }

  const judgeCode = createCodeJudge({ db, attempts, clock, hashCode })

  return {
    isRegistered: (phone: string) => users.existsByPhone(phone),

    async send(input: { phone: string; type: SmsType | SmsPurpose; ip: string; locale: Locale }) {
      await assertPhoneFitsPurpose(input.phone, input.type)
      const id = randomUUID()
      const code = randomDigits(SMS_CODE_LENGTH)
      await withLock(db, `sms:${input.phone}`, async (tx) => {
        const scoped = createSmsRepository(tx)
        await assertSendAllowed(scoped, clock, input.phone, input.ip)
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

    /**
     * Retention: codes and failed attempts only matter inside their windows (a day at most); clearing them keeps
     * the limit queries small.
     */
    async purgeOld(days: number) {
      const before = addSeconds(clock.now(), -Math.max(2, days) * SMS_RULES.DAY_S)
      return { sms_codes: await repo.purgeBefore(before), auth_failures: await attempts.purgeBefore(before) }
    },
  }
}
export type SmsService = ReturnType<typeof createSmsService>
