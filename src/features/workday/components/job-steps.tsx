import { Trans, useLingui } from '@lingui/react/macro'
import { Check, Clock } from 'lucide-react'
import { useId, useState } from 'react'
import type { ProgressStep } from '#contract/schemas/progress.ts'
import { formatTime } from '#src/lib/format.ts'
import { ETA_CHOICES, type StepState } from '../progress-steps.ts'

type JobStepsProps = {
  states: StepState[]
  /** A tap is being sent: every button waits for it, so two steps cannot race each other. */
  busy: boolean
  onTap: (step: ProgressStep, etaMinutes: number | null) => void
}

/** The steps of the job's day in their order: each taken one with its time, the ones still open as buttons. */
export function JobSteps({ states, busy, onTap }: JobStepsProps) {
  const { t } = useLingui()
  const etaId = useId()
  const [eta, setEta] = useState<number>(ETA_CHOICES[1])
  const names: Record<ProgressStep, string> = {
    on_my_way: t`On my way`,
    arrived: t`Arrived`,
    done: t`Work done`,
  }
  const doneTapped = states.some(
    (item) => item.step === 'done' && item.state !== 'open' && item.state !== 'passed',
  )
  return (
    <div className="job-steps">
      <ol className="job-steps__list" aria-label={t`Steps`}>
        {states.map((item) => {
          const name = names[item.step]
          if (item.state === 'taken') {
            const time = formatTime(item.tappedAt)
            const minutes = item.etaMinutes
            return (
              <li key={item.step} className="job-steps__step job-steps__step--taken">
                <Check className="icon" aria-hidden="true" />
                <span>
                  {minutes === null ? (
                    <Trans>
                      {name}: done at {time}
                    </Trans>
                  ) : (
                    <Trans>
                      {name}: done at {time}, arriving in {minutes} min
                    </Trans>
                  )}
                </span>
              </li>
            )
          }
          if (item.state === 'waiting') {
            const time = formatTime(item.tappedAt)
            const minutes = item.etaMinutes
            return (
              <li key={item.step} className="job-steps__step job-steps__step--waiting">
                <Clock className="icon" aria-hidden="true" />
                <span>
                  {minutes === null ? (
                    <Trans>
                      {name}: tapped at {time}, waiting for the network
                    </Trans>
                  ) : (
                    <Trans>
                      {name}: tapped at {time}, arriving in {minutes} min, waiting for the network
                    </Trans>
                  )}
                </span>
              </li>
            )
          }
          if (item.state === 'passed') {
            return (
              <li key={item.step} className="job-steps__step job-steps__step--passed">
                <Trans>{name}: skipped</Trans>
              </li>
            )
          }
          return (
            <li key={item.step} className="job-steps__step">
              {item.step === 'on_my_way' && (
                <span className="job-steps__eta">
                  <label htmlFor={etaId}>
                    <Trans>Arriving in</Trans>
                  </label>
                  <select id={etaId} value={eta} onChange={(event) => setEta(Number(event.target.value))}>
                    {ETA_CHOICES.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {t`${minutes} min`}
                      </option>
                    ))}
                  </select>
                </span>
              )}
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onTap(item.step, item.step === 'on_my_way' ? eta : null)
                }}
              >
                {name}
              </button>
            </li>
          )
        })}
      </ol>
      {doneTapped && (
        <p className="job-steps__confirm" role="status">
          <Trans>The customer was asked to confirm that the work is done and to leave a review.</Trans>
        </p>
      )}
    </div>
  )
}
