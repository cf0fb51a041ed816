import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { WalletScreen } from '#src/features/wallet/components/wallet-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/wallet/')({
  beforeLoad: guardRoute('wallet'),
  // `promo`: a graduates' promo code the plan form starts with (/graduates links here with it).
  validateSearch: (search: Record<string, unknown>): { promo?: string } =>
    typeof search.promo === 'string' || typeof search.promo === 'number'
      ? { promo: String(search.promo).slice(0, 64) }
      : {},
  component: WalletRoute,
})

/** The wallet (src/features/wallet), loaded with its own chunk and messages. */
function WalletRoute() {
  return (
    <WithCatalog load={loadWalletCatalog}>
      <WalletScreen />
    </WithCatalog>
  )
}
