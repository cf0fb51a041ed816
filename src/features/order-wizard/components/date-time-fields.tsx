import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { TashkentTimeNote } from '#src/components/tashkent-time-note.tsx'
import { deviceClockDiffers, tashkentInstant } from '#src/lib/tashkent-entry.ts'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'

// The calendar (react-day-picker and its date library) loads with this step, not with the wizard's first screen.
const DatePicker = lazy(() => import('./date-picker.tsx'))

const ZONE_NOTE_ID = 'order-time-zone'

/**
 * When: a day on the calendar (today or later) and the start and end times, as Tashkent's clock reads them; a
 * device elsewhere is told so beside the fields.
 */
export function DateTimeFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { i18n } = useLingui()
  const { errors } = form.formState
  const [date, startTime] = useWatch({ control: form.control, name: ['date', 'startTime'] })
  const when = date ? tashkentInstant(date, startTime || '12:00') : undefined
  const zoneNote = deviceClockDiffers(when) ? ZONE_NOTE_ID : undefined
  const dateError = fieldErrorText(i18n, errors.date)
  // Both times are judged against the date and each other: a change to one rechecks the others.
  const recheck = { onChange: () => void form.trigger(['startTime', 'endTime', 'date']) }
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>When</Trans>
      </legend>
      <TashkentTimeNote id={ZONE_NOTE_ID} at={when}>
        <Trans>Time in Tashkent: the date and times are as the clock there reads them.</Trans>
      </TashkentTimeNote>
      <p id="order-date-label" className="field__label">
        <Trans>Date</Trans>
      </p>
      <Controller
        control={form.control}
        name="date"
        render={({ field }) => (
          <Suspense
            fallback={
              <p role="status">
                <Trans>Loading the calendar…</Trans>
              </p>
            }
          >
            <DatePicker
              value={field.value}
              labelledBy="order-date-label"
              onChange={(value) => {
                field.onChange(value)
                if (form.formState.isSubmitted || form.getFieldState('startTime').isTouched)
                  void form.trigger(['startTime', 'endTime', 'date'])
              }}
            />
          </Suspense>
        )}
      />
      {dateError && (
        <p className="field__error" role="alert">
          {dateError}
        </p>
      )}
      <div className="wizard__row">
        <TimeField
          id="order-start-time"
          label={<Trans>From</Trans>}
          error={fieldErrorText(i18n, errors.startTime)}
          note={zoneNote}
          {...form.register('startTime', recheck)}
        />
        <TimeField
          id="order-end-time"
          label={<Trans>Until</Trans>}
          error={fieldErrorText(i18n, errors.endTime)}
          note={zoneNote}
          {...form.register('endTime', recheck)}
        />
      </div>
    </fieldset>
  )
}

type TimeFieldProps = React.ComponentProps<'input'> & {
  id: string
  label: React.ReactNode
  error: string | undefined
  /** The id of the time zone note, while it is shown. */
  note: string | undefined
}

function TimeField({ id, label, error, note, ...input }: TimeFieldProps) {
  const describedBy = [note, error && `${id}-error`].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...input}
        id={id}
        type="time"
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
