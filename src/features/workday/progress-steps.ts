import { PROGRESS_STEPS, type ProgressEntry, type ProgressStep } from '#contract/schemas/progress.ts'

/** The arrival estimates offered with "On my way", in minutes. */
export const ETA_CHOICES = [15, 30, 45, 60, 90] as const

const KEY_PREFIX = 'progress'

/**
 * The outbox key (and the body's `client_key`) of a tap: it names the order, the step and the arrival estimate, so
 * a tap still waiting in the outbox, which lists only keys, can be shown on its job after a reload. The random tail
 * tells two taps apart; the server's regex takes 8 to 64 letters, digits, `_` and `-`.
 */
export function tapKey(
  orderId: number,
  step: ProgressStep,
  etaMinutes: number | null = null,
  random: string = crypto.randomUUID(),
) {
  const eta = etaMinutes === null ? '' : `-e${etaMinutes}`
  const tail = random.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)
  return `${KEY_PREFIX}-${orderId}-${PROGRESS_STEPS.indexOf(step)}${eta}-${tail}`
}

/** The order, the step and the estimate a tap's key names; null for any other key. */
export function parseTapKey(
  key: string,
): { orderId: number; step: ProgressStep; etaMinutes: number | null } | null {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a key's pattern, not words
  const match = new RegExp(`^${KEY_PREFIX}-(\\d+)-(\\d)(?:-e(\\d{1,3}))?-[A-Za-z0-9]+$`).exec(key)
  const step = match ? PROGRESS_STEPS[Number(match[2])] : undefined
  if (!match || !step) return null
  return { orderId: Number(match[1]), step, etaMinutes: match[3] === undefined ? null : Number(match[3]) }
}

/** A tap made on this device that the server has not answered yet (no network). */
export type WaitingTap = { step: ProgressStep; tappedAt: string; etaMinutes: number | null }

export type StepState =
  | { step: ProgressStep; state: 'taken'; tappedAt: string; etaMinutes: number | null }
  | { step: ProgressStep; state: 'waiting'; tappedAt: string; etaMinutes: number | null }
  /** May be tapped now. */
  | { step: ProgressStep; state: 'open' }
  /** A later step was taken: the server refuses going back. */
  | { step: ProgressStep; state: 'passed' }

/**
 * Each step as the specialist sees it: taken (with its time), waiting for the network, open to tap, or passed by a
 * later one. A waiting tap counts as taken for what may follow, so the view runs ahead of the server offline.
 */
export function stepStates(taken: ProgressEntry[], waiting: WaitingTap[]): StepState[] {
  const rank = (step: ProgressStep) => PROGRESS_STEPS.indexOf(step)
  const furthest = Math.max(
    -1,
    ...taken.map((entry) => rank(entry.step)),
    ...waiting.map((tap) => rank(tap.step)),
  )
  return PROGRESS_STEPS.map((step): StepState => {
    const entry = taken.find((item) => item.step === step)
    if (entry) return { step, state: 'taken', tappedAt: entry.tapped_at, etaMinutes: entry.eta_minutes }
    const tap = waiting.find((item) => item.step === step)
    if (tap) return { step, state: 'waiting', tappedAt: tap.tappedAt, etaMinutes: tap.etaMinutes }
    return { step, state: rank(step) > furthest ? 'open' : 'passed' }
  })
}
