import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { canEnter, currentVisitor } from '#src/lib/route-guard.ts'
import { notFound, redirect } from '@tanstack/react-router'
import { isSlug } from '#src/lib/slug.ts'

/** The last segment names a wizard form; without it the path is the service chain itself. */
export const ORDER_FORMS = ['select', 'work-place'] as const

/** /{category}/{services*} is order.create; /{category}/{services+}/{select|work-place} is order.update. */
export function orderRouteOf(splat: string) {
  const segments = splat.split('/').filter(Boolean)
  const last = segments.at(-1)
  const form =
    segments.length > 1 && ORDER_FORMS.includes(last as (typeof ORDER_FORMS)[number]) ? last : undefined
  return {
    name: form ? ('order.update' as const) : ('order.create' as const),
    serviceSlugs: form ? segments.slice(0, -1) : segments,
    form,
  }
}

export const Route = createFileRoute('/$categorySlug/$')({
  beforeLoad: ({ params }) => {
    const route = orderRouteOf(params._splat ?? '')
    if (![params.categorySlug, ...route.serviceSlugs].every(isSlug)) throw notFound()
    if (!canEnter(route.name, currentVisitor())) throw redirect({ to: '/', replace: true })
  },
  component: OrderWizard,
})

function OrderWizard() {
  const { t } = useLingui()
  const { categorySlug, _splat } = Route.useParams()
  const { serviceSlugs, form } = orderRouteOf(_splat ?? '')
  return (
    <ScreenLayout
      title={t`New order`}
      lead={t`The order wizard (service, place, address, date, price, wishes, photos) will be here.`}
    >
      <p className="screen__meta" data-testid="order-route">
        {[categorySlug, ...serviceSlugs].join(' / ')}
        {form ? ` · ${form}` : ''}
      </p>
    </ScreenLayout>
  )
}
