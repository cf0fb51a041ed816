import { walletEndpoints } from '#contract/wallet-endpoints.ts'
import type { CheckoutBody } from '#contract/schemas/wallet.ts'
import { toApiError } from '#src/lib/api-client.ts'
import { api } from '#src/lib/api.ts'

export const walletApi = {
  wallet: () => api.call(walletEndpoints.wallet),
  checkout: (body: CheckoutBody) => api.call(walletEndpoints.walletCheckout, { body }),
  transactions: (page: number, perPage: number) =>
    api.call(walletEndpoints.walletTransactions, { query: { page: String(page), perPage: String(perPage) } }),
  refused: (page: number, perPage: number) =>
    api.call(walletEndpoints.walletRefused, { query: { page: String(page), perPage: String(perPage) } }),
  promo: (code: string) => api.call(walletEndpoints.walletPromo, { params: { code } }),
  invoice: (id: number) => api.call(walletEndpoints.walletInvoice, { params: { id } }),
  /** The CSV export as a Blob, through the client so that it carries the access token (and refreshes it). */
  transactionsCsv: async () => {
    try {
      const response = await api.http(walletEndpoints.walletTransactionsCsv.path, { method: 'GET' })
      return await response.blob()
    } catch (error) {
      throw toApiError(error)
    }
  },
}
