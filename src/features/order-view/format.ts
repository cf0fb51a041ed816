import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderStatus } from '#contract/schemas/orders.ts'
import { HREFLANG, currentLocale } from '#src/lib/locale.ts'

/** A date and time as the current language writes them (price, status and place: features/order-words). */
export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(HREFLANG[currentLocale()], { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )

// One order's status ("Открыт"), not the name of a list tab ("Открытые"): the context keeps the two apart in the
// catalogs, which share one message table once loaded.
const STATUS = {
  open: msg({ message: 'Open', context: 'order status' }),
  inactive: msg({ message: 'Inactive', context: 'order status' }),
  in_progress: msg({ message: 'In progress', context: 'order status' }),
  completed: msg({ message: 'Completed', context: 'order status' }),
  canceled: msg({ message: 'Canceled', context: 'order status' }),
  archive: msg({ message: 'Archive', context: 'order status' }),
} as const satisfies Record<OrderStatus, unknown>

export const statusText = (i18n: I18n, status: OrderStatus) => i18n._(STATUS[status])
