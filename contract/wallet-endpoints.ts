import {
  BonusSchema,
  CheckoutBodySchema,
  CheckoutSchema,
  CsvSchema,
  InvoiceParamsSchema,
  InvoiceSchema,
  PromoParamsSchema,
  PromoTermsSchema,
  WalletRefusedQuerySchema,
  WalletRefusedResponseSchema,
  WalletSchema,
  WalletTransactionsQuerySchema,
  WalletTransactionsResponseSchema,
} from './schemas/wallet.ts'
import { API_PREFIX, V1, type Endpoint } from './endpoint.ts'

/**
 * The wallet: tariff plans, their payment and the history (docs/decisions/015-wallet-and-payments.md). Only the
 * owner reads an invoice; anyone else gets 404.
 */
export const walletEndpoints = {
  wallet: {
    method: 'GET',
    path: `${V1}/wallet`,
    summary:
      "The caller's plan and its end, queued periods, balance (the ledger's sum), the plan catalogue with prices in tiyin and the providers",
    tag: 'wallet',
    auth: true,
    response: WalletSchema,
  },
  walletBonus: {
    method: 'GET',
    path: `${V1}/wallet/bonus`,
    summary:
      "The caller's invite link, the plan days earned by invites and the people invited (first name, when, rewarded), newest first, at most 100",
    tag: 'wallet',
    auth: true,
    response: BonusSchema,
  },
  walletCheckout: {
    method: 'POST',
    path: `${V1}/wallet/checkout`,
    summary:
      "Start buying a plan (specialists only): makes an invoice and answers the provider's checkout URL (our sandbox page without keys)",
    tag: 'wallet',
    auth: true,
    body: CheckoutBodySchema,
    response: CheckoutSchema,
  },
  walletPromo: {
    method: 'GET',
    path: `${V1}/wallet/promo/{code}`,
    summary:
      "A graduates' promo code's terms (plan or any, percent off, until), any case, to show before paying; an unknown, disabled, expired or used-up code is 404 with its reason",
    tag: 'wallet',
    auth: true,
    params: PromoParamsSchema,
    response: PromoTermsSchema,
  },
  walletTransactions: {
    method: 'GET',
    path: `${V1}/wallet/transactions`,
    summary: "The caller's payments, newest first: status, amount, provider, plan, date",
    tag: 'wallet',
    auth: true,
    query: WalletTransactionsQuerySchema,
    response: WalletTransactionsResponseSchema,
  },
  walletTransactionsCsv: {
    method: 'GET',
    path: `${V1}/wallet/transactions.csv`,
    summary: "The caller's payments as CSV (UTF-8, comma-separated, cells that start a formula are quoted)",
    tag: 'wallet',
    auth: true,
    response: CsvSchema,
  },
  walletRefused: {
    method: 'GET',
    path: `${V1}/wallet/refused`,
    summary:
      'The refused-services report: orders where the caller was the chosen specialist and the customer then cancelled or chose someone else, newest first; never charged (`charged: 0`). A person never chosen (a customer) gets an empty list',
    tag: 'wallet',
    auth: true,
    query: WalletRefusedQuerySchema,
    response: WalletRefusedResponseSchema,
  },
  walletInvoice: {
    method: 'GET',
    path: `${V1}/wallet/invoices/{id}`,
    summary:
      'The real state of one payment (pending: still being confirmed; paid; canceled; refunded), for its owner only',
    tag: 'wallet',
    auth: true,
    params: InvoiceParamsSchema,
    response: InvoiceSchema,
  },
} as const satisfies Record<string, Endpoint>

/**
 * Fixed paths the providers call (set in their cabinets). Their bodies and answers are the providers' protocols
 * (research/integrations.md §1, §2), not our error shape: Payme's JSON-RPC always answers HTTP 200 with an `error`
 * object; Click posts a form and reads `{ error, error_note, … }`. They are outside `endpoints` for that reason.
 */
export const paymentProviderPaths = {
  payme: `${API_PREFIX}/payments/payme`,
  clickPrepare: `${API_PREFIX}/payments/click/prepare`,
  clickComplete: `${API_PREFIX}/payments/click/complete`,
  /** The local page that plays a provider's checkout in sandbox mode (GET shows it, POST pays or cancels). */
  sandbox: `${API_PREFIX}/payments/sandbox/{provider}/{id}`,
} as const
