import { createFileRoute, useSearch } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { PaymentResult } from '#src/features/wallet/components/payment-result.tsx'
import { parseInvoiceSearch } from '#src/features/wallet/invoice-search.ts'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/wallet/success')({
  beforeLoad: guardRoute('wallet_success'),
  validateSearch: parseInvoiceSearch,
  component: WalletSuccessRoute,
})

/** Where the checkout sends the person back: the real state of the payment, whatever the address says. */
function WalletSuccessRoute() {
  // useSearch, not Route.useSearch: the lazy component then does not share this module with the first screen.
  const { invoice_id } = useSearch({ from: '/wallet/success' })
  return (
    <WithCatalog load={loadWalletCatalog}>
      <PaymentResult invoiceId={invoice_id} />
    </WithCatalog>
  )
}
