import { useLingui } from '@lingui/react/macro'
import type { InvoiceStatus, PaymentProvider, Plan, PlanFeature } from '#contract/schemas/wallet.ts'

/** Payme and Click are names: the same in every language. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = { payme: 'Payme', click: 'Click' }

/** How the wallet names plans, features (spec section 6), months and payment states in the current language. */
export function useWalletWords() {
  const { t } = useLingui()
  const plans: Record<Plan, string> = {
    starter: t`Starter`,
    master: t`Master`,
    professional: t`Professional`,
  }
  const features: Record<PlanFeature, string> = {
    unlimited_specialties: t`Unlimited specialties`,
    calendar: t`Personal calendar`,
    media_10mb: t`Photos and videos up to 10 MB`,
    statistics: t`Profile statistics`,
    promotion: t`Profile promotion`,
    discounts: t`Discounts shown on your profile`,
    messenger_catalogue: t`A place in the catalogue of our Telegram bot`,
    profile_sharing: t`Profile sharing`,
    smart_notifications: t`New orders first with a one-tap reply in Telegram, quiet hours and a morning digest`,
  }
  const statuses: Record<InvoiceStatus, string> = {
    pending: t`Being confirmed`,
    paid: t`Paid`,
    canceled: t`Cancelled`,
    refunded: t`Refunded`,
  }
  const months = (count: number) => (count === 1 ? t`1 month` : count === 2 ? t`2 months` : t`3 months`)
  return { plans, features, statuses, months }
}
