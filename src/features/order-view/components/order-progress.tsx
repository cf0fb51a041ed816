import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { ProgressEntry } from '#contract/schemas/progress.ts'
import { formatNumber, formatTime } from '#src/lib/format.ts'
import { COMPLETE_BUTTON_ID } from './order-actions.tsx'

/** One step as a line: "On my way — 14:05, arriving in about 30 min" (the time on Tashkent's clock). */
function useStepText() {
  const { t } = useLingui()
  return (entry: ProgressEntry) => {
    const time = formatTime(entry.tapped_at)
    if (entry.step === 'on_my_way') {
      if (entry.eta_minutes === null) return t`On my way — ${time}`
      const eta = formatNumber(entry.eta_minutes)
      return t`On my way — ${time}, arriving in about ${eta} min`
    }
    if (entry.step === 'arrived') return t`Arrived — ${time}`
    return t`Work done — ${time}`
  }
}

type OrderProgressProps = {
  progress: ProgressEntry[]
  /** Whose page it is: the customer waits for the steps, the specialist sees the ones they tapped. */
  viewer: 'customer' | 'specialist'
  /** The customer may confirm completion on this page now (the order is in progress and online). */
  canConfirm: boolean
}

/**
 * The accepted specialist's steps of the day (docs/decisions/031-workday.md), oldest first. A step arriving while
 * the page is open is read out once, politely; "done" points the customer at confirming completion, which only
 * they do (decision 005).
 */
export function OrderProgress({ progress, viewer, canConfirm }: OrderProgressProps) {
  const stepText = useStepText()
  // The step to read out: only one that arrived after the page showed the list, never the list already there.
  const [shown, setShown] = useState(progress.length)
  const [arrived, setArrived] = useState<ProgressEntry | null>(null)
  if (progress.length !== shown) {
    setShown(progress.length)
    setArrived(progress.length > shown ? (progress.at(-1) ?? null) : null)
  }
  const done = progress.some((entry) => entry.step === 'done')
  return (
    <section className="order__progress" aria-labelledby="order-progress">
      <h2 id="order-progress" className="order__heading">
        <Trans>The specialist's steps</Trans>
      </h2>
      {progress.length === 0 ? (
        <p className="form__hint">
          {viewer === 'customer' ? (
            <Trans>The specialist has not set out yet. Their steps will appear here as they take them.</Trans>
          ) : (
            <Trans>No steps yet.</Trans>
          )}
        </p>
      ) : (
        <ol className="progress-steps">
          {progress.map((entry) => (
            <li key={entry.step} className={`progress-steps__step progress-steps__step--${entry.step}`}>
              {stepText(entry)}
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {arrived && stepText(arrived)}
      </p>
      {done && canConfirm && (
        <div className="order__progress-done">
          <p>
            <Trans>
              The specialist says the work is done. Check it, then confirm completion: after that you can
              leave a review.
            </Trans>
          </p>
          <button
            type="button"
            className="link-button"
            // Focusing the button scrolls it into view; the confirmation itself stays that button's.
            onClick={() => document.getElementById(COMPLETE_BUTTON_ID)?.focus()}
          >
            <Trans>Go to confirming completion</Trans>
          </button>
        </div>
      )}
    </section>
  )
}
