import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { DistrictOptions } from '#src/components/district-options.tsx'
import type { Region } from '#contract/schemas/specialists.ts'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'

/** The country's districts as the address fields read them (`useSaved('districts', loadDistricts)`). */
export type RegionsState = { status: 'loading' | 'failed' } | { status: 'ready'; data: Region[] }

/**
 * The district of the work, from the country's list: specialists who serve it hear of the order at once. Picking
 * one fills an empty "district and city" with its name, which the customer may still change.
 */
export function DistrictField({ form, regions }: { form: UseFormReturn<OrderForm>; regions: RegionsState }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const districtId = useWatch({ control: form.control, name: 'districtId' })
  const list = regions.status === 'ready' ? regions.data : []
  const error = fieldErrorText(i18n, form.formState.errors.districtId)

  const choose = (value: string) => {
    const chosen = value ? Number(value) : null
    // NOTE: the district's name is not copied into the area: the order keeps its id, and each reader sees the name
    // in their own language (order-details.tsx).
    form.setValue('districtId', chosen, { shouldDirty: true })
  }

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <Trans>District</Trans>
      </label>
      <select
        id={id}
        className="field__input"
        value={districtId ?? ''}
        onChange={(event) => choose(event.target.value)}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
      >
        <option value="">
          {regions.status === 'loading' ? t`Loading the districts…` : t`No district chosen`}
        </option>
        <DistrictOptions regions={list} />
      </select>
      <p id={hintId} className="form__hint">
        {regions.status === 'failed' ? (
          <Trans>The list of districts could not be loaded; you can publish without it.</Trans>
        ) : (
          <Trans>Specialists who work in this district hear of your order at once.</Trans>
        )}
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
