import { PROGRESS_STEPS, type ProgressEntry, type ProgressStep } from '#contract/schemas/progress.ts'

/** The arrival estimates offered with "On my way", in minutes. */
export const ETA_CHOICES = [15, 30, 45, 60, 90] as const

const KEY_PREFIX = 'progress'

/**
 * The outbox key (and the body's `client_key`) of a tap: it names the order and the step, so a tap still waiting
 * in the outbox, which lists only keys, can be shown on its job after a reload. The random tail tells two taps
 * apart; the server's regex takes letters, digits, `_` and `-`.
 */
export function tapKey(orderId: number, step: ProgressStep, random: string = crypto.randomUUID()) {
  return `${KEY_PREFIX}-${orderId}-${PROGRESS_STEPS.indexOf(step)}-${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)}`
}

/** The order and the step a tap's key names; null for any other key. */
export function parseTapKey(key: string): { orderId: number; step: ProgressStep } | null {
  const match = new RegExp(`^${KEY_PREFIX}-(\\d+)-(\\d)-[A-Za-z0-9]+$`).exec(key)
  const step = match ? PROGRESS_STEPS[Number(match[2])] : undefined
  return match && step ? { orderId: Number(match[1]), step } : null
}

/** A tap made on this device that the server has not answered yet (no network). */
export type WaitingTap = { step: ProgressStep; tappedAt: string }

export type StepState =
  | { step: ProgressStep; state: 'taken'; tappedAt: string; etaMinutes: number | null }
  | { step: ProgressStep; state: 'waiting'; tappedAt: string }
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
    if (tap) return { step, state: 'waiting', tappedAt: tap.tappedAt }
    return { step, state: rank(step) > furthest ? 'open' : 'passed' }
  })
}
