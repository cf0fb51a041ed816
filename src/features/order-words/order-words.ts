import { useLingui } from '@lingui/react/macro'
import type { Order, OrderPlace, OrderStatus } from '#contract/schemas/orders.ts'
import { HREFLANG, type Locale } from '#src/lib/locale.ts'
import { loadOrderWordsCatalog } from './catalog.ts'
import { formatPrice, type PriceWords } from './format.ts'

// The lists, the map and the order page word orders alike; these messages load with whichever comes first
// (docs/decisions/007).
await loadOrderWordsCatalog()

/** The language's tag for Intl (uz-Cyrl, uz-Latn...), for numbers and dates. */
export function useIntlLocale() {
  const { i18n } = useLingui()
  return HREFLANG[i18n.locale as Locale] ?? HREFLANG.ru
}

/** Says an order's price in the current language, in so'm. */
export function usePriceText() {
  const { t } = useLingui()
  const locale = useIntlLocale()
  const words: PriceWords = {
    som: (amount) => t`${amount} so'm`,
    range: (from, to) => t`${from} – ${to} so'm`,
    from: (amount) => t`from ${amount} so'm`,
    upTo: (amount) => t`up to ${amount} so'm`,
    negotiable: t`Price by agreement`,
  }
  return (order: Pick<Order, 'price' | 'price_min' | 'price_max'>) => formatPrice(order, locale, words)
}

/** The names of the tabs (order statuses) and work places in the current language. */
export function useOrderWords() {
  const { t } = useLingui()
  const statuses: Record<OrderStatus, string> = {
    open: t`Open`,
    inactive: t`Inactive`,
    in_progress: t`In progress`,
    completed: t`Completed`,
    canceled: t`Canceled`,
    archive: t`Archive`,
  }
  const places: Record<OrderPlace, string> = {
    online: t`Online`,
    at_customer: t`At the customer's place`,
    at_executor: t`At the specialist's place`,
  }
  return { statuses, places }
}

/** The order's work places in the current language, joined: "At the customer's place, Online". */
export function usePlacesText() {
  const { places } = useOrderWords()
  return (order: Pick<Order, 'is_online' | 'at_customer' | 'at_executor'>) =>
    [
      order.at_customer && places.at_customer,
      order.at_executor && places.at_executor,
      order.is_online && places.online,
    ]
      .filter(Boolean)
      .join(', ')
}
