import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/$categorySlug/services')({
  beforeLoad: guardRoute('services'),
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
