import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo } from 'react'
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form'
import { ORDER_NAME_MAX, TEXT_MAX } from '#contract/schemas/orders.ts'
import type { ApiError } from '#src/lib/api-client.ts'
import type { OrderDraft } from '../draft-store.ts'
import {
  orderBodyOf,
  orderFormSchema,
  restoredOrderForm,
  SERVER_FIELDS,
  type OrderForm,
} from '../order-form.ts'
import { fieldErrorText, orderErrorText } from '../order-messages.ts'
import type { ChosenService } from '../service-chain.ts'
import { usePublish } from '../use-publish.ts'
import { AddressFields } from './address-fields.tsx'
import { LimitedField } from './limited-field.tsx'
import { DateTimeFields } from './date-time-fields.tsx'
import { PhotosField } from './photos-field.tsx'
import { PlaceFields } from './place-fields.tsx'
import { PriceFields } from './price-fields.tsx'
import { PublishStatus } from './publish-status.tsx'

type WorkPlaceStepProps = {
  draft: OrderDraft
  service: ChosenService
  categorySlug: string
  serviceSlugs: string[]
  onChange: (patch: Partial<OrderDraft> | ((draft: OrderDraft) => Partial<OrderDraft>)) => void
  flush: () => Promise<void>
  remove: () => Promise<void>
}

/** The work-place form: the rest of the order after the services, then publish (spec section 2). */
export function WorkPlaceStep({
  draft,
  service,
  categorySlug,
  serviceSlugs,
  onChange,
  flush,
  remove,
}: WorkPlaceStepProps) {
  const { t, i18n } = useLingui()
  const schema = useMemo(() => orderFormSchema(), [])
  const form = useForm<OrderForm>({
    resolver: valibotResolver(schema),
    defaultValues: restoredOrderForm(draft.fields),
    mode: 'onTouched',
  })
  const { errors } = form.formState

  // Every change goes to the draft; the autosave puts it on the device within 300 ms.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => onChange({ fields: values }),
      }),
    [form, onChange],
  )

  const needsServices = draft.services.length === 0
  const body = useCallback(async () => {
    const valid = await form.trigger(undefined, { shouldFocus: true })
    if (!valid || needsServices) return null
    return orderBodyOf(form.getValues(), draft.services)
  }, [form, needsServices, draft.services])

  const onRefused = useCallback(
    (error: ApiError) => {
      for (const [field, messages] of Object.entries(error.fields)) {
        const name = SERVER_FIELDS[field]
        if (name && messages[0])
          form.setError(name, { type: 'server', message: messages[0] }, { shouldFocus: true })
      }
    },
    [form],
  )
  const { phase, publish } = usePublish({ draft, body, onChange, flush, remove, onRefused })
  const name = useWatch({ control: form.control, name: 'name' })
  const busy = phase.name === 'sending' || phase.name === 'uploading'

  return (
    <form
      noValidate
      className="form wizard"
      onSubmit={(event) => {
        event.preventDefault()
        void publish()
      }}
    >
      {needsServices && (
        <p className="form__error" role="alert">
          {orderErrorText(i18n, 'services_required')}{' '}
          <Link
            to="/$categorySlug/$"
            params={{ categorySlug, _splat: [...serviceSlugs, 'select'].join('/') }}
            search={{ draft: draft.id }}
          >
            <Trans>Choose the services</Trans>
          </Link>
        </p>
      )}
      {service.children.length > 0 && !needsServices && (
        <p className="wizard__summary">
          <Trans>Services:</Trans>{' '}
          {service.children
            .filter((child) => draft.services.includes(child.id))
            .map((child) => child.name)
            .join(', ')}{' '}
          <Link
            to="/$categorySlug/$"
            params={{ categorySlug, _splat: [...serviceSlugs, 'select'].join('/') }}
            search={{ draft: draft.id }}
          >
            <Trans>Change</Trans>
          </Link>
        </p>
      )}
      <LimitedField
        label={t`What needs to be done`}
        max={ORDER_NAME_MAX}
        length={name.length}
        error={fieldErrorText(i18n, errors.name, ORDER_NAME_MAX)}
        registration={form.register('name')}
      />
      <PlaceFields form={form} />
      <AddressFields form={form} />
      <DateTimeFields form={form} />
      <PriceFields form={form} />
      <WishesField form={form} />
      <PhotosField draft={draft} onChange={onChange} disabled={busy} />
      <PublishStatus phase={phase} />
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy || phase.name === 'queued'}>
          {phase.name === 'failed' ? <Trans>Try again</Trans> : <Trans>Publish the order</Trans>}
        </button>
      </div>
    </form>
  )
}

function WishesField({ form }: { form: UseFormReturn<OrderForm> }) {
  const { t, i18n } = useLingui()
  const wishes = useWatch({ control: form.control, name: 'wishes' })
  return (
    <LimitedField
      label={t`Wishes`}
      max={TEXT_MAX}
      length={wishes.length}
      multiline
      error={fieldErrorText(i18n, form.formState.errors.wishes, TEXT_MAX)}
      registration={form.register('wishes')}
    />
  )
}
