import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { InvoiceStatus, PaymentProvider, Plan } from '#contract/schemas/wallet.ts'
import { users } from './users.ts'

/** Money columns: tiyin in a `bigint`, read as a JavaScript number (exact far past MAX_MONEY_TIYIN). */
const tiyin = () => bigint({ mode: 'number' })
/** Provider timestamps: milliseconds since the epoch, as Payme writes them. */
const millis = () => bigint({ mode: 'number' })

/**
 * A promo code for the training centre's graduates (decision 015, "Promo codes"), made by `npm run promo-code`:
 * a percent off the plan's price, for one plan or any (`plan` null), limited in uses and time. The code is unique
 * whatever its case.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    /** The plan it applies to; null: any plan. */
    plan: text().$type<Plan>(),
    /** 1–99: a plan is never free (a provider takes no zero payment). */
    percentOff: smallint().notNull(),
    /** How many paid invoices may use it. */
    maxUses: integer().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('promo_codes_code').on(sql`lower(${table.code})`),
    check('promo_codes_plan_value', sql`${table.plan} in ('starter', 'master', 'professional')`),
    check('promo_codes_percent_value', sql`${table.percentOff} between 1 and 99`),
    check('promo_codes_max_uses_positive', sql`${table.maxUses} > 0`),
    check('promo_codes_valid_range', sql`${table.validFrom} < ${table.validUntil}`),
  ],
)
export type PromoCodeRow = typeof promoCodes.$inferSelect

/**
 * One promo code use: written when the invoice's payment is done, in the transaction that activates the plan, so a
 * code counts once per paid invoice.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id),
    invoiceId: integer()
      .notNull()
      .unique()
      .references(() => walletInvoices.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('promo_code_uses_code').on(table.promoCodeId)],
)

/**
 * One purchase attempt of a plan (docs/decisions/015-wallet-and-payments.md): Payme's `account.order_id` and
 * Click's `merchant_trans_id`. The amount is fixed when it is made.
 */
export const walletInvoices = pgTable(
  'wallet_invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    plan: text().$type<Plan>().notNull(),
    months: smallint().notNull(),
    amount: tiyin().notNull(),
    provider: text().$type<PaymentProvider>().notNull(),
    status: text().$type<InvoiceStatus>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** The graduates' promo code the amount was discounted by (decision 015, "Promo codes"), or null. */
    promoCodeId: integer().references(() => promoCodes.id),
  },
  (table) => [
    index('wallet_invoices_user').on(table.userId, table.id.desc()),
    check('wallet_invoices_plan_value', sql`${table.plan} in ('starter', 'master', 'professional')`),
    check('wallet_invoices_months_value', sql`${table.months} between 1 and 3`),
    check('wallet_invoices_amount_positive', sql`${table.amount} > 0`),
    check('wallet_invoices_provider_value', sql`${table.provider} in ('payme', 'click')`),
    check(
      'wallet_invoices_status_value',
      sql`${table.status} in ('pending', 'paid', 'canceled', 'refunded')`,
    ),
  ],
)
export type WalletInvoiceRow = typeof walletInvoices.$inferSelect

/**
 * A provider's transaction for an invoice: Payme's `id` or Click's `click_trans_id` (text: 64-bit ids survive).
 * State in Payme's numbering: 1 created (Click: prepared), 2 performed (completed), -1 cancelled before, -2 cancelled
 * after (refunded). Times are ours in milliseconds, 0 when unset (Payme's CheckTransaction shape).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().$type<PaymentProvider>().notNull(),
    providerId: text().notNull(),
    invoiceId: integer()
      .notNull()
      .references(() => walletInvoices.id),
    amount: tiyin().notNull(),
    state: smallint().notNull(),
    reason: smallint(),
    /** Payme's `time` of CreateTransaction (the 12-hour timeout and GetStatement count from it); null for Click. */
    providerTime: millis(),
    createTime: millis().notNull(),
    performTime: millis().notNull().default(0),
    cancelTime: millis().notNull().default(0),
    /** Click's payment number (shown in the payer's SMS). */
    paydocId: text(),
    /** Payme's SetFiscalData receipts (type PERFORM, CANCEL), stored as received; the latest call wins. */
    fiscalPerform: jsonb().$type<Record<string, unknown>>(),
    fiscalCancel: jsonb().$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('payment_transactions_provider_id').on(table.provider, table.providerId),
    // The last guard against a double activation: one performed (or refunded) transaction per invoice.
    uniqueIndex('payment_transactions_one_performed')
      .on(table.invoiceId)
      .where(sql`${table.state} in (2, -2)`),
    // Payme's one-time account: one waiting transaction per invoice.
    uniqueIndex('payment_transactions_one_waiting_payme')
      .on(table.invoiceId)
      .where(sql`${table.state} = 1 and ${table.provider} = 'payme'`),
    index('payment_transactions_invoice').on(table.invoiceId),
    index('payment_transactions_payme_time')
      .on(table.providerTime)
      .where(sql`${table.provider} = 'payme'`),
    check('payment_transactions_state_value', sql`${table.state} in (1, 2, -1, -2)`),
    check('payment_transactions_provider_value', sql`${table.provider} in ('payme', 'click')`),
  ],
)
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect

/**
 * A provider's current merchant key, set by Payme's ChangePassword (decision 015): only its SHA-256 hash (hex). A
 * row overrides the configured key (PAYME_KEY is then only the first key).
 */
export const paymentProviderKeys = pgTable('payment_provider_keys', {
  provider: text().$type<PaymentProvider>().primaryKey(),
  keyHash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
})

export const LEDGER_KINDS = ['payment', 'plan_purchase', 'refund', 'plan_refund'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/**
 * Every money movement, append-only: a trigger (migration 0014) raises on UPDATE and DELETE. A person's balance is
 * the sum of `amount` (tiyin, signed) over their rows.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().$type<LedgerKind>().notNull(),
    amount: tiyin().notNull(),
    invoiceId: integer().references(() => walletInvoices.id),
    transactionId: integer().references(() => paymentTransactions.id),
    provider: text().$type<PaymentProvider>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('wallet_ledger_user').on(table.userId),
    // One row of each kind per provider transaction: a replay can never write money twice.
    uniqueIndex('wallet_ledger_once').on(table.transactionId, table.kind),
    check(
      'wallet_ledger_kind_value',
      sql`${table.kind} in ('payment', 'plan_purchase', 'refund', 'plan_refund')`,
    ),
  ],
)
export type WalletLedgerRow = typeof walletLedger.$inferSelect

/**
 * Plan time: one period per paid invoice, chained (a new one starts when the last unrevoked one ends). A refund
 * revokes its period and moves the ones after it earlier.
 */
export const planPeriods = pgTable(
  'plan_periods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The paid invoice it comes from, or null for bonus days (then `bonusGrantId`). */
    invoiceId: integer()
      .unique()
      .references(() => walletInvoices.id),
    bonusGrantId: integer()
      .unique()
      .references((): AnyPgColumn => bonusGrants.id),
    plan: text().$type<Plan>().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('plan_periods_user')
      .on(table.userId, table.endsAt)
      .where(sql`${table.revokedAt} is null`),
    check('plan_periods_plan_value', sql`${table.plan} in ('starter', 'master', 'professional')`),
    check('plan_periods_one_source', sql`(${table.invoiceId} is null) <> (${table.bonusGrantId} is null)`),
  ],
)
export type PlanPeriodRow = typeof planPeriods.$inferSelect

/**
 * Who invited whom (decision 015, "Bonuses"): written at registration from the invite link's code. One inviter per
 * invitee; `rewardedAt` is set, once, in the transaction that activates the invitee's first paid plan.
 */
export const invites = pgTable(
  'invites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer()
      .notNull()
      .references(() => users.id),
    inviteeId: integer()
      .notNull()
      .unique()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    rewardedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('invites_inviter').on(table.inviterId, table.id.desc()),
    check('invites_not_self', sql`${table.inviterId} <> ${table.inviteeId}`),
  ],
)

/** Plan days given for an invite (no money: never in the ledger); each comes with its plan period. */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    inviteId: integer()
      .notNull()
      .references(() => invites.id),
    days: smallint().notNull(),
    plan: text().$type<Plan>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    // The inviter and the invitee, each once per invite.
    uniqueIndex('bonus_grants_once').on(table.inviteId, table.userId),
    index('bonus_grants_user').on(table.userId),
    check('bonus_grants_days_positive', sql`${table.days} > 0`),
    check('bonus_grants_plan_value', sql`${table.plan} in ('starter', 'master', 'professional')`),
  ],
)
