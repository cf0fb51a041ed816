import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { OrdersMap } from './orders-map.tsx'

export function OrdersMapScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Orders on the map`}
      description={t`Open orders near you, on the map of Uzbekistan.`}
    >
      <nav aria-label={t`Other views`} className="orders-links">
        <Link to="/orders" className="chip">
          <Trans>Orders as a list</Trans>
        </Link>
      </nav>
      <OrdersMap />
    </ScreenLayout>
  )
}
