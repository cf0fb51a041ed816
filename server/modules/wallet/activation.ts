/**
 * The only code that writes the wallet's ledger and plan periods (decision 015): a payment performed (the plan
 * activated, a promo use counted, the invite bonus granted), a performed payment refunded, a waiting one cancelled.
 * It also holds the promo checks that checkout and both providers make before money moves. Every writer runs inside
 * the invoice's locked transaction that its caller opened.
 */
import type { Plan } from '#contract/schemas/wallet.ts'
import type { ErrorCode } from '#contract/errors.ts'
import type { Config } from '#server/config.ts'
import type { PaymentTransactionRow, PromoCodeRow, WalletInvoiceRow } from '#server/db/schema/wallet.ts'
import type { Clock } from '#server/lib/clock.ts'
import { addMonths } from './plans.ts'
import type { WalletQueries } from './repository.ts'

/** A bonus grant of days, queued after the person's periods in the given plan. */
async function addBonusPeriod(
  tx: WalletQueries,
  grant: { userId: number; inviteId: number; plan: Plan; days: number; now: Date },
) {
  const row = await tx.addBonusGrant({
    userId: grant.userId,
    inviteId: grant.inviteId,
    days: grant.days,
    plan: grant.plan,
    createdAt: grant.now,
  })
  const chainEnd = await tx.chainEnd(grant.userId)
  const startsAt = chainEnd && chainEnd > grant.now ? chainEnd : grant.now
  await tx.addPeriod({
    userId: grant.userId,
    bonusGrantId: row.id,
    plan: grant.plan,
    startsAt,
    endsAt: new Date(startsAt.getTime() + grant.days * 24 * 3600 * 1000),
  })
}

export function createActivation({ config, clock }: { config: Config; clock: Clock }) {
  /** Why a promo code can't be used now (for `plan`, when given), or undefined. */
  async function promoRefusal(
    queries: WalletQueries,
    promo: PromoCodeRow | undefined,
    plan?: Plan,
  ): Promise<ErrorCode | undefined> {
    const now = clock.now()
    if (!promo || promo.disabledAt) return 'promo_code_not_found'
    if (now < promo.validFrom || now > promo.validUntil) return 'promo_code_expired'
    if (plan && promo.plan && promo.plan !== plan) return 'promo_code_wrong_plan'
    if ((await queries.promoUses(promo.id)) >= promo.maxUses) return 'promo_code_used_up'
    return undefined
  }

  /**
   * Whether a provider may still take the payment of an invoice with a promo code: not once the code is disabled or
   * its uses are all counted (a payment already performed is always honoured, see `activate`).
   */
  async function promoStillOpen(queries: WalletQueries, invoice: WalletInvoiceRow): Promise<boolean> {
    if (invoice.promoCodeId === null) return true
    const promo = await queries.promoCodeById(invoice.promoCodeId)
    if (!promo || promo.disabledAt) return false
    return (await queries.promoUses(promo.id)) < promo.maxUses
  }

  /** Marks the payment done and activates the plan: called only inside the invoice's locked transaction. */
  async function activate(tx: WalletQueries, invoice: WalletInvoiceRow, transaction: PaymentTransactionRow) {
    const now = clock.now()
    const performed = await tx.updateTransaction(transaction.id, { state: 2, performTime: now.getTime() })
    await tx.setInvoiceStatus(invoice.id, 'paid', now)
    await tx.lockPerson(invoice.userId)
    const chainEnd = await tx.chainEnd(invoice.userId)
    const startsAt = chainEnd && chainEnd > now ? chainEnd : now
    await tx.addPeriod({
      userId: invoice.userId,
      invoiceId: invoice.id,
      plan: invoice.plan,
      startsAt,
      endsAt: addMonths(startsAt, invoice.months),
    })
    const entry = {
      userId: invoice.userId,
      invoiceId: invoice.id,
      transactionId: transaction.id,
      provider: transaction.provider,
      createdAt: now,
    }
    await tx.addLedger([
      { ...entry, kind: 'payment', amount: invoice.amount },
      { ...entry, kind: 'plan_purchase', amount: -invoice.amount },
    ])
    if (invoice.promoCodeId !== null) {
      // The provider has taken the discounted amount: the use is counted even past the limit (decision 015).
      await tx.lockPromoCode(invoice.promoCodeId)
      await tx.addPromoUse({
        promoCodeId: invoice.promoCodeId,
        invoiceId: invoice.id,
        userId: invoice.userId,
        createdAt: now,
      })
    }
    await grantInviteBonus(tx, invoice, now)
    return performed
  }

  /**
   * The invitee's first paid plan (decision 015, "Bonuses"): both people get INVITE_BONUS_DAYS of plan, queued after
   * their periods; days, not money, so no ledger row. The invite is claimed by one UPDATE, so only once. The
   * invitee's person lock is held; the inviter's is taken after it (an inviter always registered earlier, so the
   * locks are always taken from the newer person to the older: no deadlock).
   */
  async function grantInviteBonus(tx: WalletQueries, invoice: WalletInvoiceRow, now: Date) {
    const invite = await tx.claimInvite(invoice.userId, now)
    if (!invite) return
    const days = config.INVITE_BONUS_DAYS
    await addBonusPeriod(tx, { userId: invite.inviteeId, inviteId: invite.id, plan: invoice.plan, days, now })
    await tx.lockPerson(invite.inviterId)
    const plan = (await tx.planAt(invite.inviterId, now)) ?? 'starter'
    await addBonusPeriod(tx, { userId: invite.inviterId, inviteId: invite.id, plan, days, now })
  }

  /** A performed payment cancelled (Payme −2): the money goes back and the plan days it bought are removed. */
  async function refund(
    tx: WalletQueries,
    invoice: WalletInvoiceRow,
    transaction: PaymentTransactionRow,
    reason: number,
  ) {
    const now = clock.now()
    const refunded = await tx.updateTransaction(transaction.id, {
      state: -2,
      reason,
      cancelTime: now.getTime(),
    })
    await tx.setInvoiceStatus(invoice.id, 'refunded')
    await tx.lockPerson(invoice.userId)
    const period = await tx.periodOf(invoice.id)
    if (period && !period.revokedAt) {
      const from = Math.max(period.startsAt.getTime(), now.getTime())
      await tx.revokePeriod(period, now, Math.max(0, period.endsAt.getTime() - from))
    }
    const entry = {
      userId: invoice.userId,
      invoiceId: invoice.id,
      transactionId: transaction.id,
      provider: transaction.provider,
      createdAt: now,
    }
    await tx.addLedger([
      { ...entry, kind: 'refund', amount: -invoice.amount },
      { ...entry, kind: 'plan_refund', amount: invoice.amount },
    ])
    return refunded
  }

  /** A waiting transaction cancelled; its invoice goes back to cancelled when no other transaction waits on it. */
  async function cancelWaiting(tx: WalletQueries, transaction: PaymentTransactionRow, reason: number | null) {
    const canceled = await tx.updateTransaction(transaction.id, {
      state: -1,
      reason,
      cancelTime: clock.now().getTime(),
    })
    const invoice = await tx.invoice(transaction.invoiceId)
    if (invoice?.status === 'pending') {
      const others = (await tx.waitingOf(invoice.id, transaction.provider)).filter(
        (row) => row.id !== transaction.id,
      )
      if (others.length === 0) await tx.setInvoiceStatus(invoice.id, 'canceled')
    }
    return canceled
  }

  return { promoRefusal, promoStillOpen, activate, refund, cancelWaiting }
}
export type Activation = ReturnType<typeof createActivation>
