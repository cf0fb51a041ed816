import { createFileRoute, notFound } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'
import { isSlug } from '#src/lib/slug.ts'

// NOTE: every route's options load with the first screen of any page, with the list of chunks their component
// needs; one lazy import (shared with the wizard's route) keeps that list, and the first load of /, short.
const OrderIndexScreen = lazy(() =>
  import('#src/features/order-wizard/components/order-screens.tsx').then((m) => ({
    default: m.OrderIndexScreen,
  })),
)

export const Route = createFileRoute('/$categorySlug/')({
  beforeLoad: ({ params, location }) => {
    if (!isSlug(params.categorySlug)) throw notFound()
    return guardRoute('order.index')({ location })
  },
  component: OrderIndex,
})

function OrderIndex() {
  const { categorySlug } = Route.useParams()
  return (
    <Suspense fallback={null}>
      <OrderIndexScreen categorySlug={categorySlug} />
    </Suspense>
  )
}
