import {
  discountedPrice,
  PLAN_FEATURES,
  PLAN_MONTHS,
  PLANS,
  type Plan,
  type PlanFeature,
  type PlanOffer,
} from '#contract/schemas/wallet.ts'
import type { Config } from '#server/config.ts'

/** Prices per month in tiyin, from the configured so'm (docs/decisions/015-wallet-and-payments.md). */
export function planPrices(
  config: Pick<Config, 'PLAN_PRICE_STARTER' | 'PLAN_PRICE_MASTER' | 'PLAN_PRICE_PROFESSIONAL'>,
) {
  return {
    starter: config.PLAN_PRICE_STARTER * 100,
    master: config.PLAN_PRICE_MASTER * 100,
    professional: config.PLAN_PRICE_PROFESSIONAL * 100,
  } satisfies Record<Plan, number>
}
export type PlanPrices = ReturnType<typeof planPrices>

/** The price of a plan for some months: monthly × months, no multi-month discount for now. */
export const priceOf = (prices: PlanPrices, plan: Plan, months: number) => prices[plan] * months

/** The promo code discount (the same function the wallet screen shows prices with). */
export const discounted = discountedPrice

export const featuresOf = (plan: Plan | null): PlanFeature[] => (plan ? [...PLAN_FEATURES[plan]] : [])

/** The catalogue the wallet screen shows. */
export const planCatalogue = (prices: PlanPrices): PlanOffer[] =>
  PLANS.map((plan) => ({
    plan,
    monthly_price: prices[plan],
    prices: PLAN_MONTHS.map((months) => ({ months, amount: priceOf(prices, plan, months) })),
    features: featuresOf(plan),
  }))

/** `months` calendar months after `date`, in UTC (31 January + 1 month = 3 March, as JavaScript dates count). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime())
  next.setUTCMonth(next.getUTCMonth() + months)
  return next
}
