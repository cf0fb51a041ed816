import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Order, OrderStatus } from '#contract/schemas/orders.ts'
import { HREFLANG, currentLocale } from '#src/lib/locale.ts'

const TIYIN_PER_SUM = 100

const language = () => HREFLANG[currentLocale()]

/** Tiyin as whole so'm with the language's digit grouping: 50 000 000 tiyin -> "500 000". */
export const sum = (tiyin: number) =>
  new Intl.NumberFormat(language(), { maximumFractionDigits: 0 }).format(tiyin / TIYIN_PER_SUM)

/** A single price, a range, or "up to" the maximum; `null` when the customer named none. */
export function priceText(i18n: I18n, order: Pick<Order, 'price' | 'price_min' | 'price_max'>) {
  const [price, min, max] = [order.price, order.price_min, order.price_max].map((tiyin) =>
    tiyin === null ? null : sum(tiyin),
  )
  if (price) return i18n._(msg`${price} so'm`)
  if (min && max) return i18n._(msg`${min}–${max} so'm`)
  if (max) return i18n._(msg`up to ${max} so'm`)
  if (min) return i18n._(msg`from ${min} so'm`)
  return null
}

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

export function placesText(i18n: I18n, order: Pick<Order, 'is_online' | 'at_customer' | 'at_executor'>) {
  return [
    order.at_customer && i18n._(msg`At the customer's place`),
    order.at_executor && i18n._(msg`At the specialist's place`),
    order.is_online && i18n._(msg`Online`),
  ]
    .filter(Boolean)
    .join(', ')
}

const STATUS = {
  open: msg`Open`,
  inactive: msg`Inactive`,
  in_progress: msg`In progress`,
  completed: msg`Completed`,
  canceled: msg`Canceled`,
  archive: msg`Archive`,
} as const satisfies Record<OrderStatus, unknown>

export const statusText = (i18n: I18n, status: OrderStatus) => i18n._(STATUS[status])
