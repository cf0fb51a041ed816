// The wallet's ledger of the money providers moved, a person's balance, and their payment attempts as their history
// lists them.
import { count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import {
  paymentTransactions,
  walletInvoices,
  walletLedger,
  type LedgerKind,
} from '#server/db/schema/wallet.ts'
import type { PaymentProvider } from '#contract/schemas/wallet.ts'

type LedgerEntry = {
  userId: number
  kind: LedgerKind
  amount: number
  invoiceId: number
  transactionId: number
  provider: PaymentProvider
  createdAt: Date
}

export function createLedgerQueries(db: Database) {
  return {
    async addLedger(entries: LedgerEntry[]) {
      await db.insert(walletLedger).values(entries)
    },

    async balance(userId: number) {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${walletLedger.amount})` })
        .from(walletLedger)
        .where(eq(walletLedger.userId, userId))
      return Number(row?.sum ?? 0)
    },

    /** The person's payment attempts, newest first, with their invoices. */
    async payments(userId: number, limit: number, offset: number) {
      const where = eq(walletInvoices.userId, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select({ transaction: paymentTransactions, invoice: walletInvoices })
          .from(paymentTransactions)
          .innerJoin(walletInvoices, eq(walletInvoices.id, paymentTransactions.invoiceId))
          .where(where)
          .orderBy(desc(paymentTransactions.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ count: count() })
          .from(paymentTransactions)
          .innerJoin(walletInvoices, eq(walletInvoices.id, paymentTransactions.invoiceId))
          .where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },
  }
}
