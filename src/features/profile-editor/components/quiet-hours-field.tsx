import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { QuietHours } from '#contract/schemas/notifications.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { usePlan } from '../use-plan.tsx'
import { Switch } from './confirm.tsx'

/** What a person switching quiet hours on starts from: the night. */
const NIGHT: QuietHours = { from: 22, to: 7 }
const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`

type QuietHoursFieldProps = { value: QuietHours | null; onChange: (value: QuietHours | null) => void }

/**
 * Quiet hours (a professional plan's convenient notifications, docs/decisions/016): Telegram messages and pushes
 * still come, without a sound. Without the plan they can be taken off but not set.
 */
export function QuietHoursField({ value, onChange }: QuietHoursFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const locked = usePlan().locked('smart_notifications')
  const hourSelect = (end: 'from' | 'to', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${end}`} className="field__label">
        {label}
      </label>
      <select
        id={`${id}-${end}`}
        className="field__input"
        value={value![end]}
        onChange={(event) => {
          const changed = { ...value!, [end]: Number(event.target.value) }
          // The same hour twice would be no quiet at all: the other end moves an hour on.
          if (changed.from === changed.to) changed[end === 'from' ? 'to' : 'from'] = (changed[end] + 1) % 24
          onChange(changed)
        }}
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {clock(hour)}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <div className="editor-card" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="editor-card__title">
        <Trans>Quiet hours</Trans>
      </h3>
      <Switch
        label={t`Notifications without a sound at night`}
        checked={value !== null}
        disabled={locked && value === null}
        onChange={(on) => onChange(on ? NIGHT : null)}
      />
      {value && (
        <div className="quiet-hours__range">
          {hourSelect('from', t`Starts at`)}
          {hourSelect('to', t`Ends at`)}
        </div>
      )}
      <p className="form__hint">
        <Trans>
          Between these hours, Tashkent time, Telegram messages and push notifications still come, but without
          a sound.
        </Trans>
      </p>
      {locked && <PlanLock feature="smart_notifications" />}
    </div>
  )
}
