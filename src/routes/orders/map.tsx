import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { MapView } from '#src/features/map/map-view.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/orders/map')({
  beforeLoad: guardRoute('orders_map'),
  component: OrdersMapScreen,
})

function OrdersMapScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout title={t`Orders on the map`}>
      <MapView label={t`Orders on the map`} />
    </ScreenLayout>
  )
}
