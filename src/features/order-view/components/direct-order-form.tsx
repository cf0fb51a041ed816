import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import * as v from 'valibot'
import { endpoints } from '#contract/endpoints.ts'
import {
  ADDRESS_MAX,
  AREA_MAX,
  ORDER_NAME_MAX,
  OrderBodySchema,
  TEXT_MAX,
  type Order,
  type OrderBody,
} from '#contract/schemas/orders.ts'
import { TextField } from '#src/components/text-field.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered, sendOrQueue } from '#src/lib/outbox.ts'
import { isPriceTooHigh } from '#src/lib/price-bounds.ts'
import { TashkentTimeNote } from '#src/components/tashkent-time-note.tsx'
import { deviceClockDiffers, tashkentDateTimeLocal, tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { failureText, fieldText, refusalText } from '../messages.ts'
import { ServicePicker } from './service-picker.tsx'
import { TextAreaField } from './text-area-field.tsx'

const TIYIN_PER_SUM = 100
/** Each limited field's limit (contract/schemas/orders.ts), named by its counter and by its message. */
const LIMITS = { name: ORDER_NAME_MAX, description: TEXT_MAX, area: AREA_MAX, address: ADDRESS_MAX } as const
const body = OrderBodySchema.pipe[0].entries

const DirectFormSchema = v.pipe(
  v.object({
    service: v.pipe(v.nullable(v.number()), v.number('services_required')),
    name: body.name,
    description: v.pipe(v.string(), v.trim(), v.maxLength(TEXT_MAX, 'text_max')),
    place: v.picklist(['at_customer', 'at_executor', 'is_online'], 'work_place_required'),
    area: v.pipe(v.string(), v.trim(), v.maxLength(AREA_MAX, 'area_max')),
    address: v.pipe(v.string(), v.trim(), v.maxLength(ADDRESS_MAX, 'address_max')),
    started_at: v.pipe(
      v.string(),
      v.check((value) => value === '' || new Date(value) > new Date(), 'start_in_past'),
    ),
    price: v.pipe(
      v.string(),
      v.transform((value) => value.replace(/\s/g, '')),
      v.regex(/^\d{0,13}$/, 'price_invalid'),
      // Past the server's bound the price is refused with words, never cut down to the bound.
      v.check((value) => value === '' || !isPriceTooHigh(Number(value) * TIYIN_PER_SUM), 'price_invalid'),
    ),
  }),
)
type DirectForm = v.InferInput<typeof DirectFormSchema>

const toBody = (form: v.InferOutput<typeof DirectFormSchema>, executorId: number): OrderBody => ({
  services: [form.service],
  name: form.name,
  description: form.description || null,
  is_online: form.place === 'is_online',
  at_customer: form.place === 'at_customer',
  at_executor: form.place === 'at_executor',
  area: form.area || null,
  // A direct order goes to its one specialist, whatever their districts.
  district_id: null,
  address: form.address || null,
  lat: null,
  lng: null,
  // Typed as Tashkent time, whatever the device's zone (src/lib/tashkent-time.ts).
  started_at: form.started_at ? (tashkentInstant(form.started_at)?.toISOString() ?? null) : null,
  ended_at: null,
  price: form.price ? Number(form.price) * TIYIN_PER_SUM : null,
  price_min: null,
  price_max: null,
  wishes: null,
  customer_id: undefined,
  executor_id: executorId,
})

/** `YYYY-MM-DDTHH:mm` of now in Tashkent: the earliest start the picker offers. */
const tashkentNow = () => tashkentDateTimeLocal(new Date())

/** A compact order sent to one specialist: they accept or decline it (docs/decisions/005). */
export function DirectOrderForm({ executorId }: { executorId: number }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  // One key per intent: pressing again after a lost answer cannot create a second order.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [failure, setFailure] = useState<string | null>(null)
  const [queued, setQueued] = useState(false)
  // Null until the specialist's services are read; false when they list none (nothing can be ordered then).
  const [orderable, setOrderable] = useState<boolean | null>(null)
  const form = useForm<DirectForm, unknown, v.InferOutput<typeof DirectFormSchema>>({
    resolver: valibotResolver(DirectFormSchema),
    defaultValues: {
      service: null,
      name: '',
      description: '',
      place: 'at_customer',
      area: '',
      address: '',
      started_at: '',
      price: '',
    },
  })
  const { errors, isSubmitting } = form.formState

  // Sent later by the outbox: open the order then, or say why the server refused it.
  useEffect(
    () =>
      onOutboxDelivered((event) => {
        if (event.idempotencyKey !== idempotencyKey) return
        setQueued(false)
        if (event.ok) {
          const orderId = String((event.data as Order).id)
          void navigate({ to: '/direct/order/$orderId', params: { orderId } })
        } else setFailure(refusalText(i18n, event.data))
      }),
    [idempotencyKey, navigate, i18n],
  )
  const error = (name: keyof DirectForm) =>
    fieldText(i18n, errors[name]?.message, LIMITS[name as keyof typeof LIMITS])
  const [name, description, area, address] = useWatch({
    control: form.control,
    name: ['name', 'description', 'area', 'address'],
  })
  const count = (text: string, max: number) => ({
    length: text.length,
    words: limitWords(i18n, text.length, max),
  })

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const delivery = await sendOrQueue<Order>({
        kind: 'publish-order',
        endpoint: endpoints.publishOrder,
        body: toBody(values, executorId),
        idempotencyKey,
      })
      if (delivery.status === 'queued') return setQueued(true)
      await navigate({ to: '/direct/order/$orderId', params: { orderId: String(delivery.data.id) } })
    } catch (failed) {
      // Field errors go beside their field; the rest above the form.
      const fields = failed instanceof ApiError ? failed.fields : {}
      const known = {
        started_at: 'started_at',
        name: 'name',
        services: 'service',
        description: 'description',
        area: 'area',
        address: 'address',
        price: 'price',
      } as const
      for (const [field, messages] of Object.entries(fields)) {
        const target = known[field as keyof typeof known]
        if (target) form.setError(target, { type: 'server', message: messages[0] })
      }
      setFailure(failureText(i18n, failed))
    }
  })

  if (queued) {
    return (
      <p className="saved-notice" role="status">
        <Trans>The order is saved and will be sent when the network returns.</Trans>
      </p>
    )
  }
  const serverOr = (name: keyof DirectForm) =>
    errors[name]?.type === 'server' ? errors[name]?.message : error(name)
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
      <fieldset className="choice">
        <legend className="field__label">
          <Trans>Meeting place</Trans>
        </legend>
        <div className="choice__options">
          <label className="choice__option">
            <input type="radio" value="at_customer" {...form.register('place')} />
            <Trans>At my place</Trans>
          </label>
          <label className="choice__option">
            <input type="radio" value="at_executor" {...form.register('place')} />
            <Trans>At the specialist's place</Trans>
          </label>
          <label className="choice__option">
            <input type="radio" value="is_online" {...form.register('place')} />
            <Trans>Online</Trans>
          </label>
        </div>
      </fieldset>
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
      <div className="field">
        <label className="field__label" htmlFor="direct-start">
          <Trans>Start date and time</Trans>
        </label>
        <input
          id="direct-start"
          type="datetime-local"
          className="field__input"
          min={tashkentNow()}
          aria-invalid={errors.started_at ? true : undefined}
          aria-describedby={
            [deviceClockDiffers() && 'direct-start-zone', errors.started_at && 'direct-start-error']
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...form.register('started_at')}
        />
        <TashkentTimeNote id="direct-start-zone">
          <Trans>Time in Tashkent: the date and time are as the clock there reads them.</Trans>
        </TashkentTimeNote>
        {errors.started_at && (
          <p id="direct-start-error" className="field__error" role="alert">
            {serverOr('started_at')}
          </p>
        )}
      </div>
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
