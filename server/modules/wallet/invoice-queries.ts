// The wallet's invoices a person pays, the locks every change of an invoice or a plan chain runs under, and the
// providers' keys set by ChangePassword.
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { paymentProviderKeys, walletInvoices } from '#server/db/schema/wallet.ts'
import type { InvoiceStatus, PaymentProvider, Plan } from '#contract/schemas/wallet.ts'

export function createInvoiceQueries(db: Database) {
  return {
    async createInvoice(values: {
      userId: number
      plan: Plan
      months: number
      amount: number
      provider: PaymentProvider
      createdAt: Date
      promoCodeId?: number | null
    }) {
      const [row] = await db.insert(walletInvoices).values(values).returning()
      return row!
    },

    async invoice(id: number) {
      const [row] = await db.select().from(walletInvoices).where(eq(walletInvoices.id, id))
      return row
    },

    async setInvoiceStatus(id: number, status: InvoiceStatus, paidAt?: Date) {
      await db
        .update(walletInvoices)
        .set({ status, ...(paidAt && { paidAt }) })
        .where(eq(walletInvoices.id, id))
    },

    /**
     * Holds the invoice's lock to the end of the transaction: every change of an invoice, its provider transactions
     * and the plan it buys happens under it, on every server process.
     */
    async lockInvoice(id: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:invoice:${id}`}))`)
    },

    /** Serialises changes of one person's plan chain (two invoices paid at once). Taken after an invoice lock. */
    async lockPerson(userId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:person:${userId}`}))`)
    },

    /** The SHA-256 (hex) of a provider's key set by ChangePassword, if any. */
    async providerKeyHash(provider: PaymentProvider) {
      const [row] = await db
        .select({ keyHash: paymentProviderKeys.keyHash })
        .from(paymentProviderKeys)
        .where(eq(paymentProviderKeys.provider, provider))
      return row?.keyHash
    },

    async setProviderKeyHash(provider: PaymentProvider, keyHash: string, updatedAt: Date) {
      await db
        .insert(paymentProviderKeys)
        .values({ provider, keyHash, updatedAt })
        .onConflictDoUpdate({ target: paymentProviderKeys.provider, set: { keyHash, updatedAt } })
    },
  }
}
