// The failed-login limits per phone and per address, reserved before a password is checked.
import { rateLimited } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { windowLimit } from '#server/lib/sliding-window.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import { SESSION_RULES } from './session-rules.ts'

export function createLoginTries({ attempts, clock }: { attempts: AttemptsRepository; clock: Clock }) {
  /**
   * Records a login try as failed before its password is checked (the check is the slow part a burst hides in),
   * unless the phone or the address already failed too often; counted and recorded as one step. Answers the
   * try, which a right password gives back.
   */
  return async function reserveLoginTry(phone: string, ip: string): Promise<number> {
    type Outcome = { reserved: number } | { retryAfterS: number }
    const keys = [`login:phone:${phone}`, `login:ip:${ip}`]
    const outcome = await attempts.exclusive(keys, async (scoped): Promise<Outcome> => {
      const now = clock.now()
      const since = addSeconds(now, -SESSION_RULES.FAILED_LOGIN_WINDOW_S)
      const limits: [{ phone: string } | { ip: string }, number][] = [
        [{ phone }, SESSION_RULES.FAILED_LOGINS_PER_PHONE],
        [{ ip }, SESSION_RULES.FAILED_LOGINS_PER_IP],
      ]
      for (const [by, limit] of limits) {
        const failures = await scoped.since('login', by, since)
        const check = windowLimit(failures, limit, SESSION_RULES.FAILED_LOGIN_WINDOW_S, now)
        if (check.exceeded) return { retryAfterS: check.retryAfterS }
      }
      return { reserved: await scoped.record('login', phone, ip, now) }
    })
    if ('retryAfterS' in outcome) throw rateLimited('too_many_login_attempts', outcome.retryAfterS)
    return outcome.reserved
  }
}
