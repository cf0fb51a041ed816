import { createFileRoute, useSearch } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { DirectOrderScreen } from '#src/features/order-view/components/direct-order-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/direct/order/')({
  // NOTE: plain code, not valibot: this part of a route ships with the first screen.
  validateSearch: (search: Record<string, unknown>): { executor?: number } =>
    /^\d+$/.test(String(search.executor)) ? { executor: Number(search.executor) } : {},
  beforeLoad: guardRoute('direct_order'),
  component: DirectOrderRoute,
})

/** Direct orders; `?executor={userId}` opens the form that sends one to that specialist. */
function DirectOrderRoute() {
  // NOTE: not Route.useSearch(), for the reason given in ../../order/$orderId.tsx.
  const { executor } = useSearch({ from: '/direct/order/' })
  return (
    <WithCatalog load={loadOrderViewCatalog}>
      <DirectOrderScreen executor={executor} />
    </WithCatalog>
  )
}
