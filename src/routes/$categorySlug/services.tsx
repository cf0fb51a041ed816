import { useLingui } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { isSlug } from '#src/lib/slug.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/$categorySlug/services')({
  beforeLoad: ({ params }) => {
    if (!isSlug(params.categorySlug)) throw notFound()
    guardRoute('services')()
  },
  component: ServicesScreen,
})

function ServicesScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Services of the category`}
      lead={t`All services of this category will be listed here.`}
    />
  )
}
