import type { Order } from '#contract/schemas/orders.ts'
import { formatNumber } from '#src/lib/format.ts'

export const TIYIN_PER_SOM = 100

type Priced = Pick<Order, 'price' | 'price_min' | 'price_max'>
/** How a price is said in each language; `amount` is already grouped by thousands. */
export type PriceWords = {
  som: (amount: string) => string
  range: (from: string, to: string) => string
  from: (amount: string) => string
  upTo: (amount: string) => string
  negotiable: string
}

/** Whole so'm grouped by thousands, 600 000 (tiyin are never shown: prices are in so'm). */
export const formatSom = (tiyin: number) => formatNumber(Math.round(tiyin / TIYIN_PER_SOM))

/** An order's price: one amount, a min–max range, only a minimum or a maximum, or "negotiable". */
export function formatPrice(order: Priced, words: PriceWords) {
  const som = formatSom
  if (order.price !== null) return words.som(som(order.price))
  if (order.price_min !== null && order.price_max !== null)
    return words.range(som(order.price_min), som(order.price_max))
  if (order.price_min !== null) return words.from(som(order.price_min))
  if (order.price_max !== null) return words.upTo(som(order.price_max))
  return words.negotiable
}
