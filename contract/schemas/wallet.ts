import * as v from 'valibot'
import { PLANS, PLAN_FEATURE_NAMES } from './plan-features.ts'
import { INVITE_CODE_MAX, INVITE_CODE_PATTERN } from './invite.ts'
import { IdParamSchema, MAX_NUMBERED_PAGE, PageQuerySchema, perPageQuerySchema } from './bounds.ts'

/** Tariff plans, payments and the ledger (spec sections 3, 6, 9; docs/decisions/015-wallet-and-payments.md). */

export { PLANS, PLAN_FEATURES, PLAN_FEATURE_NAMES, type Plan, type PlanFeature } from './plan-features.ts'
/** How many months a plan is bought for (spec section 9). */
export const PLAN_MONTHS = [1, 2, 3] as const
export type PlanMonths = (typeof PLAN_MONTHS)[number]
export const PAYMENT_PROVIDERS = ['payme', 'click'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

/** `pending` is "still being confirmed": the provider has not confirmed (or cancelled) the payment yet. */
export const INVOICE_STATUSES = ['pending', 'paid', 'canceled', 'refunded'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** A graduates' promo code (decision 015, "Promo codes"): Latin letters, digits, `-` and `_`, any case. */
export const PROMO_CODE_MAX = 32
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/
const promoCodeString = v.pipe(
  v.string('promo_code_invalid'),
  v.trim(),
  v.maxLength(PROMO_CODE_MAX, 'promo_code_invalid'),
  v.regex(PROMO_CODE_PATTERN, 'promo_code_invalid'),
)

/**
 * A price less a promo code's percent, rounded to whole so'm (integer tiyin), never below 1 so'm: a provider takes
 * no zero payment. The server charges it; the wallet screen shows it before paying.
 */
export const discountedPrice = (amount: number, percentOff: number) =>
  Math.max(100, Math.round((amount * (100 - percentOff)) / 10_000) * 100)

export const CheckoutBodySchema = v.object({
  plan: v.picklist(PLANS, 'plan_invalid'),
  months: v.picklist(PLAN_MONTHS, 'months_invalid'),
  provider: v.picklist(PAYMENT_PROVIDERS, 'provider_invalid'),
  /** Optional; an empty (or blank) field is no code. */
  promo_code: v.optional(
    v.pipe(
      v.string('promo_code_invalid'),
      v.trim(),
      v.maxLength(PROMO_CODE_MAX, 'promo_code_invalid'),
      v.regex(/^[A-Za-z0-9_-]*$/, 'promo_code_invalid'),
    ),
  ),
})
export type CheckoutBody = v.InferOutput<typeof CheckoutBodySchema>

export const CheckoutSchema = v.object({
  invoice_id: v.number(),
  /** In tiyin. */
  amount: v.number(),
  /** The provider's checkout, or our sandbox page when the provider's key is not configured. */
  url: v.string(),
})
export type Checkout = v.InferOutput<typeof CheckoutSchema>

export const PlanOfferSchema = v.object({
  plan: v.picklist(PLANS),
  /** In tiyin. */
  monthly_price: v.number(),
  /** The price of each month count, in tiyin (no multi-month discount for now). */
  prices: v.array(v.object({ months: v.picklist(PLAN_MONTHS), amount: v.number() })),
  features: v.array(v.picklist(PLAN_FEATURE_NAMES)),
})
export type PlanOffer = v.InferOutput<typeof PlanOfferSchema>

/** A stretch of plan time; a plan bought while another runs is queued after it. */
export const PlanPeriodSchema = v.object({
  plan: v.picklist(PLANS),
  starts_at: v.string(),
  ends_at: v.string(),
})

export const WalletSchema = v.object({
  /** The plan active now, or null. */
  plan: v.nullable(v.picklist(PLANS)),
  /** When the active plan ends. */
  until: v.nullable(v.string()),
  /** When the last bought period ends (the active one and those queued after it). */
  paid_until: v.nullable(v.string()),
  /** The active period and those queued after it, in order. */
  periods: v.array(PlanPeriodSchema),
  /** In tiyin: the sum of the person's ledger. */
  balance: v.number(),
  /** Features the active plan unlocks. */
  features: v.array(v.picklist(PLAN_FEATURE_NAMES)),
  plans: v.array(PlanOfferSchema),
  /** `sandbox`: no key, our local checkout page plays the provider; `available`: false in production without a key. */
  providers: v.array(
    v.object({ provider: v.picklist(PAYMENT_PROVIDERS), sandbox: v.boolean(), available: v.boolean() }),
  ),
})
export type Wallet = v.InferOutput<typeof WalletSchema>

export const WALLET_TRANSACTIONS_PER_PAGE_MAX = 50
/** Pages by number up to MAX_NUMBERED_PAGE: a person's payments are few. */
export const WalletTransactionsQuerySchema = v.pipe(
  v.object({
    page: PageQuerySchema,
    perPage: perPageQuerySchema(WALLET_TRANSACTIONS_PER_PAGE_MAX, 20),
  }),
  v.forward(
    v.partialCheck([['page']], (query) => query.page <= MAX_NUMBERED_PAGE, 'page_invalid'),
    ['page'],
  ),
)

/** One payment attempt with a provider. */
export const WalletTransactionSchema = v.object({
  id: v.number(),
  invoice_id: v.number(),
  status: v.picklist(INVOICE_STATUSES),
  /** In tiyin. */
  amount: v.number(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  /** Masked (`8600 **** **** 6478`), only when a provider gives it; the Payme Merchant API and Click SHOP API don't. */
  card: v.nullable(v.string()),
  plan: v.picklist(PLANS),
  months: v.picklist(PLAN_MONTHS),
  created_at: v.string(),
})
export type WalletTransaction = v.InferOutput<typeof WalletTransactionSchema>

export const WalletTransactionsResponseSchema = v.object({
  collection: v.array(WalletTransactionSchema),
  meta: v.object({ page: v.number(), perPage: v.number(), total: v.number() }),
})

export const InvoiceParamsSchema = v.object({ id: IdParamSchema })
export const InvoiceSchema = v.object({
  invoice_id: v.number(),
  status: v.picklist(INVOICE_STATUSES),
  plan: v.picklist(PLANS),
  months: v.picklist(PLAN_MONTHS),
  /** In tiyin. */
  amount: v.number(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
})
export type Invoice = v.InferOutput<typeof InvoiceSchema>

export const PromoParamsSchema = v.object({ code: promoCodeString })

/** A promo code's terms, shown before paying. */
export const PromoTermsSchema = v.object({
  code: v.string(),
  /** The plan it applies to; null: any plan. */
  plan: v.nullable(v.picklist(PLANS)),
  /** Percent off the plan's price, 1–99. */
  percent_off: v.number(),
  /** The last moment it can be used. */
  valid_until: v.string(),
})
export type PromoTerms = v.InferOutput<typeof PromoTermsSchema>

/** The CSV export is text; the schema documents it. */
export const CsvSchema = v.string()

export const REFUSAL_REASONS = ['canceled', 'replaced'] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

export const WALLET_REFUSED_PER_PAGE_MAX = 50
/** Pages by number, like the history. */
export const WalletRefusedQuerySchema = v.pipe(
  v.object({
    page: PageQuerySchema,
    perPage: perPageQuerySchema(WALLET_REFUSED_PER_PAGE_MAX, 20),
  }),
  v.forward(
    v.partialCheck([['page']], (query) => query.page <= MAX_NUMBERED_PAGE, 'page_invalid'),
    ['page'],
  ),
)

/**
 * An order where the caller was the chosen specialist and the customer then let them go: cancelled the order
 * (`canceled`) or chose someone else (`replaced`). Nothing is ever charged for it (decision 015): `charged` is 0.
 */
export const RefusedOrderSchema = v.object({
  order_id: v.number(),
  /** The order's number as the app shows it (`000123`). */
  number: v.string(),
  name: v.string(),
  /** In tiyin, as the customer set it: a price or a range. */
  price: v.nullable(v.number()),
  price_min: v.nullable(v.number()),
  price_max: v.nullable(v.number()),
  reason: v.picklist(REFUSAL_REASONS),
  chosen_at: v.string(),
  refused_at: v.string(),
  /** In tiyin: always 0, the specialist is never charged for a refused order. */
  charged: v.literal(0),
})
export type RefusedOrder = v.InferOutput<typeof RefusedOrderSchema>

export const WalletRefusedResponseSchema = v.object({
  collection: v.array(RefusedOrderSchema),
  meta: v.object({
    page: v.number(),
    perPage: v.number(),
    total: v.number(),
    /** In tiyin: what all these orders cost the specialist, always 0. */
    charged: v.literal(0),
  }),
})
export type WalletRefusedResponse = v.InferOutput<typeof WalletRefusedResponseSchema>

/** How many invited people the bonus page lists (newest first); `invited_total` counts them all. */
export const BONUS_INVITED_MAX = 100

export const BonusSchema = v.object({
  invite_code: v.string(),
  invite_url: v.string(),
  /** Plan days earned by invites, in total. */
  days_earned: v.number(),
  bonus_days_per_invite: v.number(),
  invited_total: v.number(),
  invited: v.array(
    v.object({
      /** The first name only. */
      name: v.string(),
      joined_at: v.string(),
      /** Whether their first plan is paid and both got the days. */
      rewarded: v.boolean(),
    }),
  ),
})
export type Bonus = v.InferOutput<typeof BonusSchema>

export { INVITE_CODE_MAX, INVITE_CODE_PATTERN }
