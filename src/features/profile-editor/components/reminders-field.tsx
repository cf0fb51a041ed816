import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ReminderSwitches } from '#contract/schemas/notifications.ts'
import { Switch } from './confirm.tsx'

type RemindersFieldProps = { value: ReminderSwitches; onChange: (value: ReminderSwitches) => void }

/**
 * A specialist's reminders of their accepted jobs (docs/decisions/031-workday.md). Off means the reminder is not
 * made at all; the table's rows for the two reminders still choose where a made one goes.
 */
export function RemindersField({ value, onChange }: RemindersFieldProps) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="editor-card" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="editor-card__title">
        <Trans>Job reminders</Trans>
      </h3>
      <Switch
        label={t`The evening before, at 20:00`}
        checked={value.evening_before}
        onChange={(on) => onChange({ ...value, evening_before: on })}
      />
      <Switch
        label={t`An hour before`}
        checked={value.hour_before}
        onChange={(on) => onChange({ ...value, hour_before: on })}
      />
      <p className="form__hint">
        <Trans>
          We remind you of each accepted order with a start time, Tashkent time. Where a reminder comes is
          chosen in the table above.
        </Trans>
      </p>
    </div>
  )
}
