/**
 * A direct order's form state (docs/decisions/005): its fields and checks, and its sending through the outbox with
 * one idempotency key, so a lost answer or a queued send never makes two orders; the order opens once it exists.
 */
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { orderEndpoints } from '#contract/order-endpoints.ts'
import {
  ADDRESS_MAX,
  AREA_MAX,
  LANDMARK_MAX,
  ORDER_NAME_MAX,
  OrderBodySchema,
  TEXT_MAX,
  type Order,
  type OrderBody,
} from '#contract/schemas/orders.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered, sendOrQueue } from '#src/lib/outbox.ts'
import { isPriceTooHigh } from '#src/lib/price-bounds.ts'
import { tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { failureText, fieldText, refusalText } from './messages.ts'

const TIYIN_PER_SUM = 100
/** Each limited field's limit (contract/schemas/orders.ts), named by its counter and by its message. */
const LIMITS = {
  name: ORDER_NAME_MAX,
  description: TEXT_MAX,
  area: AREA_MAX,
  address: ADDRESS_MAX,
  landmark: LANDMARK_MAX,
} as const
const body = OrderBodySchema.pipe[0].entries

const DirectFormSchema = v.pipe(
  v.object({
    service: v.pipe(v.nullable(v.number()), v.number('services_required')),
    name: body.name,
    description: v.pipe(v.string(), v.trim(), v.maxLength(TEXT_MAX, 'text_max')),
    place: v.picklist(['at_customer', 'at_executor', 'is_online'], 'work_place_required'),
    area: v.pipe(v.string(), v.trim(), v.maxLength(AREA_MAX, 'area_max')),
    address: v.pipe(v.string(), v.trim(), v.maxLength(ADDRESS_MAX, 'address_max')),
    landmark: v.pipe(v.string(), v.trim(), v.maxLength(LANDMARK_MAX, 'landmark_max')),
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
export type DirectForm = v.InferInput<typeof DirectFormSchema>

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
  landmark: form.landmark || null,
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

export function useDirectOrder(executorId: number) {
  const { i18n } = useLingui()
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
      landmark: '',
      started_at: '',
      price: '',
    },
  })
  const { errors } = form.formState

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
  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const delivery = await sendOrQueue<Order>({
        kind: 'publish-order',
        endpoint: orderEndpoints.publishOrder,
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
        landmark: 'landmark',
        price: 'price',
      } as const
      for (const [field, messages] of Object.entries(fields)) {
        const target = known[field as keyof typeof known]
        if (target) form.setError(target, { type: 'server', message: messages[0] })
      }
      setFailure(failureText(i18n, failed))
    }
  })

  const serverOr = (name: keyof DirectForm) =>
    errors[name]?.type === 'server' ? errors[name]?.message : error(name)
  return { form, failure, queued, orderable, setOrderable, submit, serverOr }
}
