import { createFileRoute, useSearch } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { PaymentResult } from '#src/features/wallet/components/payment-result.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/wallet/success')({
  beforeLoad: guardRoute('wallet_success'),
  // `?invoice_id=…`: a positive whole number, or nothing (inline: route definitions load with the first screen).
  validateSearch: (search: Record<string, unknown>): { invoice_id?: number } => {
    const id = Number(search.invoice_id)
    return Number.isSafeInteger(id) && id > 0 ? { invoice_id: id } : {}
  },
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
