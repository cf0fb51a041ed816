import { useLingui } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { isSlug } from '#src/lib/slug.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/$categorySlug/')({
  beforeLoad: ({ params }) => {
    if (!isSlug(params.categorySlug)) throw notFound()
    guardRoute('order.index')()
  },
  component: OrderIndexScreen,
})

function OrderIndexScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout title={t`New order`} lead={t`Choose a service of this category to start your order.`} />
  )
}
