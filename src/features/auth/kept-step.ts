/** The modals with steps past an SMS code: registration and reset. */
export type StepModal = 'registration' | 'reset'

/** What every kept step holds besides its own fields: until when it is of use, and why the modal was opened. */
export type Kept = { expiresAt: number; stayOnPage?: boolean }

export const keptStepKey = (modal: StepModal) => `fika.${modal}`

/**
 * A registration or reset past its code step, as kept for this tab (sessionStorage) until its code expires: a reload
 * in the middle brings the person back to the code they received, instead of a new one the server refuses for a
 * minute. Written by the modals (code-step.tsx); read here, with the first screen, so that a reload opens the modal
 * again. A storage that refuses (some private modes) keeps nothing and breaks nothing.
 */
export function keptStep<T>(modal: StepModal): (T & Kept) | undefined {
  try {
    // No item parses as null. An expired one is left for the modal to overwrite or forget: it is never used again.
    const kept = JSON.parse(sessionStorage.getItem(keptStepKey(modal)) as string) as (T & Kept) | null
    if (kept && kept.expiresAt > Date.now()) return kept
  } catch {
    // Unreadable or refused: start over.
  }
}

/** The modal a reload interrupted in the middle of its steps, if any. */
export function interruptedStep(): { modal: StepModal; stayOnPage?: boolean } | undefined {
  for (const modal of ['registration', 'reset'] as const) {
    const kept = keptStep(modal)
    if (kept) return { modal, stayOnPage: kept.stayOnPage }
  }
  return undefined
}
