import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/direct/order/')({
  beforeLoad: guardRoute('direct_order'),
  component: DirectOrderScreen,
})

function DirectOrderScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Direct orders`}
      lead={t`Orders sent to one chosen specialist will be listed here.`}
    />
  )
}
