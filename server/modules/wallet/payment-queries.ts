// The wallet's providers' transactions of an invoice: Payme's and Click's calls, their receipts and Payme's
// statement (GetStatement).
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { paymentTransactions, type PaymentTransactionRow } from '#server/db/schema/wallet.ts'
import type { PaymentProvider } from '#contract/schemas/wallet.ts'

type NewTransaction = {
  provider: PaymentProvider
  providerId: string
  invoiceId: number
  amount: number
  state: number
  providerTime?: number | null
  createTime: number
  paydocId?: string | null
}

export function createPaymentQueries(db: Database) {
  return {
    /** Stores a Payme receipt on a transaction; false when there is no such transaction. */
    async setFiscalData(
      provider: PaymentProvider,
      providerId: string,
      type: 'PERFORM' | 'CANCEL',
      data: Record<string, unknown>,
    ) {
      const set = type === 'PERFORM' ? { fiscalPerform: data } : { fiscalCancel: data }
      const rows = await db
        .update(paymentTransactions)
        .set(set)
        .where(
          and(eq(paymentTransactions.provider, provider), eq(paymentTransactions.providerId, providerId)),
        )
        .returning({ id: paymentTransactions.id })
      return rows.length > 0
    },

    async transactionOf(provider: PaymentProvider, providerId: string) {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(
          and(eq(paymentTransactions.provider, provider), eq(paymentTransactions.providerId, providerId)),
        )
      return row
    },

    async transactionById(id: number) {
      const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id))
      return row
    },

    /** The provider's waiting (state 1) transactions of an invoice. */
    async waitingOf(invoiceId: number, provider: PaymentProvider) {
      return db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.invoiceId, invoiceId),
            eq(paymentTransactions.provider, provider),
            eq(paymentTransactions.state, 1),
          ),
        )
    },

    /** The invoice's performed (state 2) transaction: at most one, by `payment_transactions_one_performed`. */
    async performedOf(invoiceId: number) {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.invoiceId, invoiceId), eq(paymentTransactions.state, 2)))
      return row
    },

    async insertTransaction(values: NewTransaction) {
      const [row] = await db.insert(paymentTransactions).values(values).returning()
      return row!
    },

    async updateTransaction(
      id: number,
      changes: Partial<Pick<PaymentTransactionRow, 'state' | 'reason' | 'performTime' | 'cancelTime'>>,
    ) {
      const [row] = await db
        .update(paymentTransactions)
        .set(changes)
        .where(eq(paymentTransactions.id, id))
        .returning()
      return row!
    },

    /** Payme transactions whose `time` lies in [from, to], ascending (GetStatement). */
    statement(from: number, to: number) {
      return db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.provider, 'payme'),
            gte(paymentTransactions.providerTime, from),
            lte(paymentTransactions.providerTime, to),
          ),
        )
        .orderBy(asc(paymentTransactions.providerTime), asc(paymentTransactions.id))
        .limit(10_000)
    },
  }
}
