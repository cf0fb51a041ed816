// Judging a typed code: the phone's and the code's wrong tries are reserved and counted under the phone's lock.
import { withLock, type Database } from '#server/db/client.ts'
import { fieldError, rateLimited } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { safeEqual } from '#server/lib/secrets.ts'
import { windowLimit } from '#server/lib/sliding-window.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import { createSmsRepository, type Verification } from './repository.ts'
import { SMS_RULES } from './sms-rules.ts'

/** Why a code had no try to give: spent or expired, else its own tries are used up. */
function noTryReason(current: Verification | undefined, now: Date) {
  const live = current && !current.consumedAt && (current.verifiedAt || current.expiresAt > now)
  return live ? 'sms_code_attempts_exceeded' : 'sms_code_expired'
}

export function createCodeJudge({
  db,
  attempts,
  clock,
  hashCode,
}: {
  db: Database
  attempts: AttemptsRepository
  clock: Clock
  hashCode: (id: string, code: string) => string
}) {
  /**
   * Judges one typed code with everything it guards reserved first, under the phone's lock and in one
   * transaction: the phone's failures are counted, the code's try is taken (one conditional UPDATE), and a wrong
   * guess is recorded before the answer. A burst of guesses is judged one at a time against what the others spent,
   * so no guess can be judged on a count read before the rest were recorded. A right guess spends no try.
   */
  return async function judgeCode(
    found: Verification,
    input: { code: string; ip: string; field: string; verify: boolean },
  ): Promise<void> {
    const problem = await withLock(db, `sms:${found.phone}`, async (tx) => {
      const scoped = createSmsRepository(tx)
      const failures = attempts.within(tx)
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
}
