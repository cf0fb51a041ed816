import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { PROMOTION_DAYS_MAX, type Plan } from '#contract/schemas/plan-features.ts'
import type { Promotion } from '#contract/schemas/promotion.ts'
import { PlanLock, planRequiredBy } from '#src/features/plan-lock/plan-lock.tsx'
import { formatDateTime } from '#src/lib/format.ts'
import { editorApi } from '../api.ts'
import { usePlan } from '../use-plan.tsx'
import { useFailureText, useSave } from '../use-save.ts'
import { LoadStatus } from './load-status.tsx'
import { EditorSection, SaveBar } from './section.tsx'

const DAYS_DEFAULT = 7

/**
 * Promotion (master plan and above, docs/decisions/016): for 1 to 30 days the profile shows above the first page
 * of the specialists' list. It starts now, replaces a running one, and can be stopped at any time.
 */
export function PromotionSection() {
  const { t } = useLingui()
  const daysId = useId()
  const failureText = useFailureText()
  const plan = usePlan()
  const [promotion, setPromotion] = useState<Promotion['promotion'] | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [lockedBy, setLockedBy] = useState<Plan | null>(null)
  const [days, setDays] = useState(String(DAYS_DEFAULT))
  const save = useSave()
  const locked = plan.locked('promotion') || lockedBy !== null
  const waiting = plan.loading || plan.locked('promotion')

  useEffect(() => {
    if (waiting) return
    editorApi
      .promotion()
      .then((answer) => setPromotion(answer.promotion))
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [failureText, waiting])

  const count = Number(days)
  const invalid = !/^\d{1,2}$/.test(days) || count < 1 || count > PROMOTION_DAYS_MAX
  const daysError = invalid
    ? t`Enter a whole number of days from 1 to ${PROMOTION_DAYS_MAX}`
    : save.state.status === 'failed'
      ? save.state.fields.days?.join(' ')
      : undefined
  const run = (call: () => Promise<Promotion>) =>
    void save.run(async () => {
      try {
        setPromotion((await call()).promotion)
      } catch (failure) {
        const required = planRequiredBy(failure)
        if (required) setLockedBy(required)
        throw failure
      }
    })
  const active = promotion?.active ? promotion : null
  const until = active ? formatDateTime(active.ends_at) : ''

  return (
    <EditorSection
      id="promotion"
      title={<Trans>Promotion</Trans>}
      lead={<Trans>A promoted profile is shown above the first page of the specialists’ list.</Trans>}
    >
      {locked && <PlanLock feature="promotion" plan={lockedBy} />}
      <LoadStatus loading={!locked && promotion === undefined} error={error} />
      {!locked && promotion !== undefined && (
        <>
          <p data-testid="promotion-state">
            {active ? (
              <Trans>Promoted until {until}</Trans>
            ) : (
              <Trans>Your profile is not promoted now.</Trans>
            )}
          </p>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (!invalid) run(() => editorApi.startPromotion(count))
            }}
          >
            <div className="field">
              <label htmlFor={daysId} className="field__label">
                <Trans>Days of promotion, 1 to {PROMOTION_DAYS_MAX}</Trans>
              </label>
              <input
                id={daysId}
                className="field__input"
                type="number"
                inputMode="numeric"
                min={1}
                max={PROMOTION_DAYS_MAX}
                step={1}
                value={days}
                aria-invalid={daysError ? true : undefined}
                aria-describedby={daysError ? `${daysId}-error` : undefined}
                onChange={(event) => setDays(event.target.value.trim())}
              />
              {daysError && (
                <p id={`${daysId}-error`} className="field__error" role="alert">
                  {daysError}
                </p>
              )}
            </div>
            <SaveBar
              state={save.state}
              statusRef={save.statusRef}
              dirty={false}
              restored={false}
              disabled={invalid}
              label={active ? <Trans>Promote again from now</Trans> : <Trans>Promote</Trans>}
            />
          </form>
          {active && (
            <button
              type="button"
              className="button button--secondary"
              disabled={save.state.status === 'saving'}
              onClick={() => run(() => editorApi.stopPromotion())}
            >
              <Trans>Stop the promotion</Trans>
            </button>
          )}
        </>
      )}
    </EditorSection>
  )
}
