import { Trans, useLingui } from '@lingui/react/macro'
import { Controller, useWatch, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form'
import { ADDRESS_MAX, AREA_MAX, LANDMARK_MAX, ORDER_NAME_MAX, TEXT_MAX } from '#contract/schemas/orders.ts'
import { TextField } from '#src/components/text-field.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { TashkentTimeNote } from '#src/components/tashkent-time-note.tsx'
import { deviceClockDiffers, tashkentDateTimeLocal } from '#src/lib/tashkent-entry.ts'
import { useDirectOrder, type DirectForm } from '../use-direct-order.ts'
import { ServicePicker } from './service-picker.tsx'
import { TextAreaField } from './text-area-field.tsx'

/** `YYYY-MM-DDTHH:mm` of now in Tashkent: the earliest start the picker offers. */
const tashkentNow = () => tashkentDateTimeLocal(new Date())

/** A compact order sent to one specialist: they accept or decline it (docs/decisions/005). */
export function DirectOrderForm({ executorId }: { executorId: number }) {
  const { t, i18n } = useLingui()
  const { form, failure, queued, orderable, setOrderable, submit, serverOr } = useDirectOrder(executorId)
  const { errors, isSubmitting } = form.formState
  const [name, description, area, address, landmark] = useWatch({
    control: form.control,
    name: ['name', 'description', 'area', 'address', 'landmark'],
  })
  const count = (text: string, max: number) => ({
    length: text.length,
    words: limitWords(i18n, text.length, max),
  })

  if (queued) {
    return (
      <p className="saved-notice" role="status">
        <Trans>The order is saved and will be sent when the network returns.</Trans>
      </p>
    )
  }
  return (
    <form className="form order-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <Controller
        control={form.control}
        name="service"
        render={({ field }) => (
          <ServicePicker
            executorId={executorId}
            value={field.value}
            onChange={field.onChange}
            onLoaded={setOrderable}
            error={serverOr('service')}
          />
        )}
      />
      <TextField
        label={t`What needs doing`}
        error={serverOr('name')}
        maxLength={ORDER_NAME_MAX}
        count={count(name, ORDER_NAME_MAX)}
        {...form.register('name')}
      />
      <TextAreaField
        label={t`Description`}
        error={serverOr('description')}
        maxLength={TEXT_MAX}
        count={count(description, TEXT_MAX)}
        {...form.register('description')}
      />
      <MeetingPlaceField register={form.register} />
      <TextField
        label={t`District and city`}
        error={serverOr('area')}
        maxLength={AREA_MAX}
        count={count(area, AREA_MAX)}
        {...form.register('area')}
      />
      <TextField
        label={t`Street, house, apartment`}
        error={serverOr('address')}
        maxLength={ADDRESS_MAX}
        count={count(address, ADDRESS_MAX)}
        {...form.register('address')}
      />
      <TextField
        label={t`Landmark, e.g. next to school No. 5, blue gate`}
        error={serverOr('landmark')}
        maxLength={LANDMARK_MAX}
        count={count(landmark, LANDMARK_MAX)}
        {...form.register('landmark')}
      />
      <StartField
        error={errors.started_at ? serverOr('started_at') : undefined}
        {...form.register('started_at')}
      />
      <TextField
        label={t`Price, so'm`}
        inputMode="numeric"
        error={serverOr('price')}
        {...form.register('price')}
      />
      <button type="submit" className="button" disabled={isSubmitting || orderable !== true}>
        <Trans>Send the order</Trans>
      </button>
    </form>
  )
}

/** Where the work happens: at the customer's, at the specialist's, or online. */
function MeetingPlaceField({ register }: { register: UseFormRegister<DirectForm> }) {
  return (
    <fieldset className="choice">
      <legend className="field__label">
        <Trans>Meeting place</Trans>
      </legend>
      <div className="choice__options">
        <label className="choice__option">
          <input type="radio" value="at_customer" {...register('place')} />
          <Trans>At my place</Trans>
        </label>
        <label className="choice__option">
          <input type="radio" value="at_executor" {...register('place')} />
          <Trans>At the specialist's place</Trans>
        </label>
        <label className="choice__option">
          <input type="radio" value="is_online" {...register('place')} />
          <Trans>Online</Trans>
        </label>
      </div>
    </fieldset>
  )
}

type StartFieldProps = { error: string | undefined } & UseFormRegisterReturn<'started_at'>

/** The start, typed as Tashkent time (a note says so when the device's clock is elsewhere), never in the past. */
function StartField({ error, ...field }: StartFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="direct-start">
        <Trans>Start date and time</Trans>
      </label>
      <input
        id="direct-start"
        type="datetime-local"
        className="field__input"
        min={tashkentNow()}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [deviceClockDiffers() && 'direct-start-zone', error && 'direct-start-error']
            .filter(Boolean)
            .join(' ') || undefined
        }
        {...field}
      />
      <TashkentTimeNote id="direct-start-zone">
        <Trans>Time in Tashkent: the date and time are as the clock there reads them.</Trans>
      </TashkentTimeNote>
      {error && (
        <p id="direct-start-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
