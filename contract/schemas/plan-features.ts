/**
 * What each tariff plan unlocks and what a specialist without a plan may do (spec section 6;
 * docs/decisions/016-plan-features.md). Kept apart from the wallet's schemas so that a screen showing a lock
 * loads these few constants, not the wallet's contract.
 */

export const PLANS = ['starter', 'master', 'professional'] as const
export type Plan = (typeof PLANS)[number]

/** A plan includes the features of the plans before it. */
export const PLAN_FEATURES = {
  starter: ['unlimited_specialties', 'calendar', 'media_10mb'],
  master: ['unlimited_specialties', 'calendar', 'media_10mb', 'statistics', 'promotion', 'discounts'],
  professional: [
    'unlimited_specialties',
    'calendar',
    'media_10mb',
    'statistics',
    'promotion',
    'discounts',
    'messenger_catalogue',
    'profile_sharing',
    'smart_notifications',
  ],
} as const satisfies Record<Plan, readonly string[]>
export const PLAN_FEATURE_NAMES = PLAN_FEATURES.professional
export type PlanFeature = (typeof PLAN_FEATURE_NAMES)[number]

/** The plans that include a feature, cheapest first. */
export const plansWith = (feature: PlanFeature): Plan[] =>
  PLANS.filter((plan) => (PLAN_FEATURES[plan] as readonly PlanFeature[]).includes(feature))

/** The cheapest plan that unlocks a feature: what a lock names. */
export const planUnlocking = (feature: PlanFeature): Plan => plansWith(feature)[0]!

export const hasFeature = (plan: Plan | null | undefined, feature: PlanFeature) =>
  plan != null && (PLAN_FEATURES[plan] as readonly PlanFeature[]).includes(feature)

/** Without a plan: this many specialties (a starter plan lifts the limit). */
export const FREE_SPECIALITIES_MAX = 3
/** Without a plan: portfolio and document files up to this size (a starter plan allows 10 MB). */
export const FREE_MEDIA_BYTES = 2 * 1024 * 1024
/** The longest promotion a specialist may switch on at once, in days. */
export const PROMOTION_DAYS_MAX = 30
