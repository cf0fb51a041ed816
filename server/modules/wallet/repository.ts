import { and, asc, count, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orderRefusals, orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import {
  bonusGrants,
  invites,
  paymentProviderKeys,
  paymentTransactions,
  planPeriods,
  promoCodes,
  promoCodeUses,
  walletInvoices,
  walletLedger,
  type LedgerKind,
  type PaymentTransactionRow,
} from '#server/db/schema/wallet.ts'
import type { InvoiceStatus, PaymentProvider, Plan } from '#contract/schemas/wallet.ts'

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
type LedgerEntry = {
  userId: number
  kind: LedgerKind
  amount: number
  invoiceId: number
  transactionId: number
  provider: PaymentProvider
  createdAt: Date
}

function queries(db: Database) {
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

    /** A promo code by its text, whatever the case. */
    async promoCode(code: string) {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`lower(${promoCodes.code}) = lower(${code})`)
      return row
    },

    async promoCodeById(id: number) {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id))
      return row
    },

    /** Serialises the counting of one code's uses (two payments with the same code at once), on every process. */
    async lockPromoCode(id: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:promo:${id}`}))`)
    },

    async promoUses(id: number) {
      const [row] = await db
        .select({ count: count() })
        .from(promoCodeUses)
        .where(eq(promoCodeUses.promoCodeId, id))
      return row?.count ?? 0
    },

    /** Counts a paid invoice's code once (invoice_id is unique: a replay writes nothing). */
    async addPromoUse(values: { promoCodeId: number; invoiceId: number; userId: number; createdAt: Date }) {
      await db.insert(promoCodeUses).values(values).onConflictDoNothing({ target: promoCodeUses.invoiceId })
    },

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

    /** Where the person's plan chain ends (the last unrevoked period), or undefined. */
    async chainEnd(userId: number) {
      const [row] = await db
        .select({ end: sql<Date | string | null>`max(${planPeriods.endsAt})` })
        .from(planPeriods)
        .where(and(eq(planPeriods.userId, userId), isNull(planPeriods.revokedAt)))
      return row?.end ? new Date(row.end) : undefined
    },

    async addPeriod(values: {
      userId: number
      invoiceId?: number
      bonusGrantId?: number
      plan: Plan
      startsAt: Date
      endsAt: Date
    }) {
      await db.insert(planPeriods).values(values)
    },

    /** The person's invite, marked rewarded now if it was not yet: returned only the first time (exactly once). */
    async claimInvite(inviteeId: number, now: Date) {
      const [row] = await db
        .update(invites)
        .set({ rewardedAt: now })
        .where(and(eq(invites.inviteeId, inviteeId), isNull(invites.rewardedAt)))
        .returning()
      return row
    },

    /** The plan of the person's period covering `now`, or undefined. */
    async planAt(userId: number, now: Date) {
      const [row] = await db
        .select({ plan: planPeriods.plan })
        .from(planPeriods)
        .where(
          and(
            eq(planPeriods.userId, userId),
            isNull(planPeriods.revokedAt),
            lte(planPeriods.startsAt, now),
            gt(planPeriods.endsAt, now),
          ),
        )
        .limit(1)
      return row?.plan
    },

    async addBonusGrant(values: {
      userId: number
      inviteId: number
      days: number
      plan: Plan
      createdAt: Date
    }) {
      const [row] = await db.insert(bonusGrants).values(values).returning()
      return row!
    },

    async bonusDays(userId: number) {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${bonusGrants.days})` })
        .from(bonusGrants)
        .where(eq(bonusGrants.userId, userId))
      return Number(row?.sum ?? 0)
    },

    /** The people the person invited, newest first, at most `limit`, and how many in all. */
    async invited(inviterId: number, limit: number) {
      const where = eq(invites.inviterId, inviterId)
      const [rows, [total]] = await Promise.all([
        db
          .select({ name: users.name, joinedAt: invites.createdAt, rewardedAt: invites.rewardedAt })
          .from(invites)
          .innerJoin(users, eq(users.id, invites.inviteeId))
          .where(where)
          .orderBy(desc(invites.id))
          .limit(limit),
        db.select({ count: count() }).from(invites).where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },

    async periodOf(invoiceId: number) {
      const [row] = await db.select().from(planPeriods).where(eq(planPeriods.invoiceId, invoiceId))
      return row
    },

    /** Revokes a period and moves the person's periods queued after it earlier by `removedMs`. */
    async revokePeriod(period: { id: number; userId: number; endsAt: Date }, now: Date, removedMs: number) {
      await db.update(planPeriods).set({ revokedAt: now }).where(eq(planPeriods.id, period.id))
      if (removedMs <= 0) return
      const shift = sql.raw(`interval '${Math.round(removedMs)} milliseconds'`)
      await db
        .update(planPeriods)
        .set({
          startsAt: sql`${planPeriods.startsAt} - ${shift}`,
          endsAt: sql`${planPeriods.endsAt} - ${shift}`,
        })
        .where(
          and(
            eq(planPeriods.userId, period.userId),
            isNull(planPeriods.revokedAt),
            gte(planPeriods.startsAt, period.endsAt),
          ),
        )
    },

    /** The person's periods not yet over, in order. */
    periods(userId: number, now: Date) {
      return db
        .select()
        .from(planPeriods)
        .where(
          and(eq(planPeriods.userId, userId), isNull(planPeriods.revokedAt), gt(planPeriods.endsAt, now)),
        )
        .orderBy(asc(planPeriods.startsAt))
    },

    /** The orders the person was chosen for and then let go by the customer, newest first (the report). */
    async refusals(userId: number, limit: number, offset: number) {
      const where = eq(orderRefusals.executorId, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            orderId: orders.id,
            name: orders.name,
            price: orders.price,
            priceMin: orders.priceMin,
            priceMax: orders.priceMax,
            reason: orderRefusals.reason,
            chosenAt: orderRefusals.chosenAt,
            refusedAt: orderRefusals.refusedAt,
          })
          .from(orderRefusals)
          .innerJoin(orders, eq(orders.id, orderRefusals.orderId))
          .where(where)
          .orderBy(desc(orderRefusals.refusedAt), desc(orderRefusals.id))
          .limit(limit)
          .offset(offset),
        db.select({ count: count() }).from(orderRefusals).where(where),
      ])
      return { rows, total: total?.count ?? 0 }
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
