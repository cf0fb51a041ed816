import { useLingui } from '@lingui/react/macro'
import type { Order } from '#contract/schemas/orders.ts'
import { HREFLANG, type Locale } from '#src/lib/locale.ts'
import { formatPrice, type PriceWords } from './format.ts'

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
