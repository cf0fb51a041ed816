import { useLingui } from '@lingui/react/macro'
import type { OrderPlace, OrderStatus } from '#contract/schemas/orders.ts'

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
    at_customer: t`At the customer's`,
    at_executor: t`At the specialist's`,
  }
  return { statuses, places }
}
