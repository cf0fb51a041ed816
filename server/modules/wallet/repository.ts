import type { Database } from '#server/db/client.ts'
import { createInviteQueries } from './invite-queries.ts'
import { createInvoiceQueries } from './invoice-queries.ts'
import { createLedgerQueries } from './ledger-queries.ts'
import { createPaymentQueries } from './payment-queries.ts'
import { createPlanPeriodQueries } from './plan-period-queries.ts'
import { createPromoCodeQueries } from './promo-code-queries.ts'
import { createRefusalQueries } from './refusal-queries.ts'

/** Every query of the wallet's tables, on the database or inside one transaction. */
function queries(db: Database) {
  return {
    ...createInvoiceQueries(db),
    ...createPaymentQueries(db),
    ...createLedgerQueries(db),
    ...createPromoCodeQueries(db),
    ...createPlanPeriodQueries(db),
    ...createInviteQueries(db),
    ...createRefusalQueries(db),
  }
}

export type WalletQueries = ReturnType<typeof queries>

/** The only code touching the wallet's tables; `transaction` gives the same queries inside one transaction. */
export function createWalletRepository(db: Database) {
  return {
    ...queries(db),
    transaction<T>(work: (repo: WalletQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Database)))
    },
  }
}
export type WalletRepository = ReturnType<typeof createWalletRepository>
