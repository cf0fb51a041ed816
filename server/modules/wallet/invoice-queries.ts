// The wallet's invoices a person pays, the locks every change of an invoice or a plan chain runs under, and the
// providers' keys set by ChangePassword.
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { paymentProviderKeys, walletInvoices } from '#server/db/schema/wallet.ts'
import type { InvoiceStatus, PaymentProvider, Plan } from '#contract/schemas/wallet.ts'

export function createInvoiceQueries(db: Database) {
  return {
    /**
     * Retention: checkouts never paid, made before `before`, that nothing refers to (no provider transaction, no
     * ledger row, no plan time, no promo use): what abandoned payments and sandbox mode leave behind.
     */
    async deleteUnpaidInvoices(before: Date) {
      const rows = await db.execute<{ id: number }>(sql`
        delete from wallet_invoices i
        where i.status = 'pending' and i.created_at < ${before.toISOString()}::timestamptz
          and not exists (select 1 from payment_transactions t where t.invoice_id = i.id)
          and not exists (select 1 from wallet_ledger l where l.invoice_id = i.id)
          and not exists (select 1 from plan_periods p where p.invoice_id = i.id)
          and not exists (select 1 from promo_code_uses u where u.invoice_id = i.id)
        returning i.id`)
      return (rows as unknown as { rows: unknown[] }).rows.length
    },

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
