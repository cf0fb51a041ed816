import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { WalletService } from './service.ts'

/** The person's wallet (docs/decisions/015-wallet-and-payments.md). */
export async function walletRoutes(app: FastifyInstance, { wallet }: { wallet: WalletService }) {
  contractRoute(app, endpoints.wallet, ({ request }) => wallet.wallet(request.user!))
  contractRoute(app, endpoints.walletBonus, ({ request }) => wallet.bonus(request.user!))
  contractRoute(app, endpoints.walletCheckout, ({ body, request }) =>
    wallet.checkout(request.user!, body, request.locale),
  )
  contractRoute(app, endpoints.walletPromo, ({ params }) => wallet.promoTerms(params.code))
  contractRoute(app, endpoints.walletTransactions, ({ query, request }) =>
    wallet.transactions(request.user!, query),
  )
  contractRoute(app, endpoints.walletTransactionsCsv, async ({ request, reply }) => {
    const csv = await wallet.transactionsCsv(request.user!)
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="fika-wallet.csv"')
      .header('cache-control', 'no-store')
    return csv
  })
  contractRoute(app, endpoints.walletRefused, ({ query, request }) => wallet.refused(request.user!, query))
  contractRoute(app, endpoints.walletInvoice, ({ params, request }) =>
    wallet.invoice(request.user!, params.id),
  )
}
