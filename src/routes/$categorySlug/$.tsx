import { createFileRoute, notFound } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { NotFound } from '#src/components/not-found.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'
import { isSlug } from '#src/lib/slug.ts'

/** The last segment names a wizard form; without it the path is the service chain itself. */
export const ORDER_FORMS = ['select', 'work-place'] as const

/** /{category}/{services*} is order.create; /{category}/{services+}/{select|work-place} is order.update. */
export function orderRouteOf(splat: string) {
  const segments = splat.split('/').filter(Boolean)
  const last = segments.at(-1)
  const form =
    segments.length > 1 && ORDER_FORMS.includes(last as (typeof ORDER_FORMS)[number])
      ? (last as (typeof ORDER_FORMS)[number])
      : undefined
  return {
    name: form ? ('order.update' as const) : ('order.create' as const),
    serviceSlugs: form ? segments.slice(0, -1) : segments,
    form,
  }
}

// NOTE: the route options of every route load with the first screen and list the chunks their component needs;
// loading the wizard from here keeps that list (and the first load of /) short.
const OrderWizardScreen = lazy(() =>
  import('#src/features/order-wizard/components/order-screens.tsx').then((m) => ({
    default: m.OrderWizardScreen,
  })),
)

/** `?draft=` names the flow instance (the draft on this device) a reload comes back to: a crypto.randomUUID(). */
const DRAFT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const Route = createFileRoute('/$categorySlug/$')({
  // A hand check, not valibot: this route's options load with the first screen, and every byte there counts.
  validateSearch: (search): { draft?: string } =>
    typeof search.draft === 'string' && DRAFT_ID.test(search.draft) ? { draft: search.draft } : {},
  beforeLoad: ({ params, location }) => {
    const route = orderRouteOf(params._splat ?? '')
    if (![params.categorySlug, ...route.serviceSlugs].every(isSlug)) throw notFound()
    return guardRoute(route.name)({ location })
  },
  component: OrderWizardRoute,
})

function OrderWizardRoute() {
  const { categorySlug, _splat } = Route.useParams()
  const { draft } = Route.useSearch()
  const { serviceSlugs, form } = orderRouteOf(_splat ?? '')
  if (serviceSlugs.length === 0) return <NotFound />
  return (
    <Suspense fallback={null}>
      <OrderWizardScreen
        categorySlug={categorySlug}
        serviceSlugs={serviceSlugs}
        form={form}
        draftId={draft}
      />
    </Suspense>
  )
}
