/**
 * Buying a plan (decision 015): the price with a promo code's discount, the invoice, and the address of the
 * provider's checkout page (or the sandbox's outside production); a promo code's terms; one invoice for its owner.
 */
import type { Checkout, CheckoutBody, Invoice, PlanMonths, PromoTerms } from '#contract/schemas/wallet.ts'
import { clickCheckoutUrl } from '#server/adapters/payments/click.ts'
import { paymeCheckoutUrl } from '#server/adapters/payments/payme.ts'
import type { Config } from '#server/config.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { WalletInvoiceRow } from '#server/db/schema/wallet.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Activation } from './activation.ts'
import { discounted, planPrices, priceOf } from './plans.ts'
import type { WalletRepository } from './repository.ts'
import type { PaymentKeys } from './keys.ts'

const PAYME_LANG: Record<Locale, 'ru' | 'uz' | 'en'> = { ru: 'ru', oz: 'uz', uz: 'uz', en: 'en' }

export function createCheckout({
  repo,
  config,
  keys,
  clock,
  activation,
}: {
  repo: WalletRepository
  config: Config
  keys: PaymentKeys
  clock: Clock
  activation: Activation
}) {
  const prices = planPrices(config)

  function presentInvoice(invoice: WalletInvoiceRow): Invoice {
    return {
      invoice_id: invoice.id,
      status: invoice.status,
      plan: invoice.plan,
      months: invoice.months as PlanMonths,
      amount: invoice.amount,
      provider: invoice.provider,
      created_at: invoice.createdAt.toISOString(),
      paid_at: invoice.paidAt?.toISOString() ?? null,
    }
  }

  function checkoutUrl(invoice: WalletInvoiceRow, locale: Locale): string {
    const returnUrl = `${config.PUBLIC_URL}/wallet/success?invoice_id=${invoice.id}`
    if (invoice.provider === 'payme') {
      if (keys.payme.sandbox) return `/api/payments/sandbox/payme/${invoice.id}`
      return paymeCheckoutUrl({
        checkoutUrl: config.PAYME_CHECKOUT_URL,
        merchantId: keys.payme.merchantId,
        orderId: invoice.id,
        amount: invoice.amount,
        lang: PAYME_LANG[locale],
        returnUrl,
      })
    }
    if (keys.click.sandbox) return `/api/payments/sandbox/click/${invoice.id}`
    return clickCheckoutUrl({
      checkoutUrl: config.CLICK_CHECKOUT_URL,
      serviceId: keys.click.serviceId,
      merchantId: keys.click.merchantId,
      amount: invoice.amount,
      transactionParam: invoice.id,
      returnUrl,
    })
  }

  async function checkout(user: UserRow, body: CheckoutBody, locale: Locale): Promise<Checkout> {
    if (user.type !== 'executor') throw new AppError('forbidden', 'only_specialists_buy_plans')
    // In production a provider without its key takes no payments: the sandbox would give plans away.
    if (!keys[body.provider].available) throw new AppError('conflict', 'payment_unavailable')
    let amount = priceOf(prices, body.plan, body.months)
    let promoCodeId: number | null = null
    if (body.promo_code) {
      const promo = await repo.promoCode(body.promo_code)
      const refusal = await activation.promoRefusal(repo, promo, body.plan)
      if (refusal) throw fieldError('promo_code', refusal)
      amount = discounted(amount, promo!.percentOff)
      promoCodeId = promo!.id
    }
    const invoice = await repo.createInvoice({
      userId: user.id,
      plan: body.plan,
      months: body.months,
      amount,
      provider: body.provider,
      createdAt: clock.now(),
      promoCodeId,
    })
    return { invoice_id: invoice.id, amount: invoice.amount, url: checkoutUrl(invoice, locale) }
  }

  /** A promo code's terms, before paying; an unusable code is 404 with its reason. */
  async function promoTerms(code: string): Promise<PromoTerms> {
    const promo = await repo.promoCode(code)
    const refusal = await activation.promoRefusal(repo, promo)
    if (refusal) throw new AppError('not_found', refusal, { fields: { code: [refusal] } })
    return {
      code: promo!.code,
      plan: promo!.plan,
      percent_off: promo!.percentOff,
      valid_until: promo!.validUntil.toISOString(),
    }
  }

  /** One invoice, for its owner only: anyone else is told it does not exist. */
  async function invoice(user: UserRow, id: number): Promise<Invoice> {
    const invoice = await repo.invoice(id)
    if (!invoice || invoice.userId !== user.id) throw new AppError('not_found', 'not_found')
    return presentInvoice(invoice)
  }

  return { checkout, promoTerms, invoice }
}
