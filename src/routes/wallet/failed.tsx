import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { PaymentResult } from '#src/features/wallet/components/payment-result.tsx'
import { invoiceSearch } from '#src/features/wallet/invoice-search.ts'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/wallet/failed')({
  beforeLoad: guardRoute('wallet_failed'),
  validateSearch: invoiceSearch,
  component: WalletFailedRoute,
})

/** Where the checkout sends the person back: the real state of the payment, whatever the address says. */
function WalletFailedRoute() {
  const { invoice_id } = Route.useSearch()
  return (
    <WithCatalog load={loadWalletCatalog}>
      <PaymentResult invoiceId={invoice_id} />
    </WithCatalog>
  )
}
