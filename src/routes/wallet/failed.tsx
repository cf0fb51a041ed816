import { createFileRoute, useSearch } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { PaymentResult } from '#src/features/wallet/components/payment-result.tsx'
import { parseInvoiceSearch } from '#src/features/wallet/invoice-search.ts'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/wallet/failed')({
  beforeLoad: guardRoute('wallet_failed'),
  validateSearch: parseInvoiceSearch,
  component: WalletFailedRoute,
})

/** Where the checkout sends the person back: the real state of the payment, whatever the address says. */
function WalletFailedRoute() {
  // useSearch, not Route.useSearch: the lazy component then does not share this module with the first screen.
  const { invoice_id } = useSearch({ from: '/wallet/failed' })
  return (
    <WithCatalog load={loadWalletCatalog}>
      <PaymentResult invoiceId={invoice_id} />
    </WithCatalog>
  )
}
