/**
 * Click's shop API (research notes §2.2–2.6; decision 015): Prepare and Complete, checked in the order the official
 * matrix expects, and an operator's refund through Click's Merchant API reversal. Money moves only through
 * `activation`.
 */
import {
  CLICK_ACTIONS,
  clickAmountToTiyin,
  clickAnswer,
  clickSignValid,
  type ClickAnswer,
  type ClickFields,
} from '#server/adapters/payments/click.ts'
import type { ClickMerchantApi, ReversalResult } from '#server/adapters/payments/click-merchant-api.ts'
import type { WalletRepository } from './repository.ts'
import type { PaymentKeys } from './keys.ts'
import type { MerchantDeps } from './merchant-deps.ts'

/** The cancel reason a Click reversal is stored with: Payme's "refund" (5), so one table reads one way. */
const CLICK_REVERSAL_REASON = 5

/** What an operator's Click refund came to (npm run payment-refund). */
export type ClickRefundOutcome =
  | { done: true; amount: number; userId: number }
  | {
      done: false
      reason: 'not_found' | 'not_click' | 'not_paid' | 'already_refunded' | 'no_payment_id' | 'click_refused'
      click?: ReversalResult
    }

/** The checks every Click call starts with, in the order that passes the official matrix: −8, −1, −3. */
function clickRefusal(keys: PaymentKeys, fields: ClickFields, action: string): ClickAnswer | undefined {
  if (fields.service_id !== keys.click.serviceId) return clickAnswer('badRequest', fields)
  if (!clickSignValid(fields, keys.click.secret)) return clickAnswer('signFailed', fields)
  if (fields.action !== action) return clickAnswer('actionNotFound', fields)
  return undefined
}

/** The Click invoice a call names, if any. */
async function clickInvoice(repo: WalletRepository, fields: ClickFields) {
  const id = /^\d{1,10}$/.test(fields.merchant_trans_id) ? Number(fields.merchant_trans_id) : 0
  const invoice = id >= 1 && id <= 2_147_483_647 ? await repo.invoice(id) : undefined
  return invoice?.provider === 'click' ? invoice : undefined
}

export function createClickShop({ repo, keys, clock, activation, onError }: MerchantDeps) {
  async function clickPrepare(fields: ClickFields): Promise<ClickAnswer> {
    const refused = clickRefusal(keys, fields, CLICK_ACTIONS.prepare)
    if (refused) return refused
    try {
      const found = await clickInvoice(repo, fields)
      if (!found) return clickAnswer('userNotFound', fields)
      if (clickAmountToTiyin(fields.amount) !== found.amount) return clickAnswer('wrongAmount', fields)
      return await repo.transaction(async (tx) => {
        await tx.lockInvoice(found.id)
        const invoice = (await tx.invoice(found.id))!
        const existing = await tx.transactionOf('click', fields.click_trans_id)
        if (existing && existing.invoiceId !== invoice.id) return clickAnswer('badRequest', fields)
        if (existing?.state === 2 || invoice.status === 'paid') return clickAnswer('alreadyPaid', fields)
        if (existing && existing.state !== 1) return clickAnswer('canceled', fields)
        if (invoice.status === 'refunded') return clickAnswer('canceled', fields)
        if (!existing && !(await activation.promoStillOpen(tx, invoice)))
          return clickAnswer('canceled', fields)
        if (Number(fields.error) < 0) {
          if (existing) await activation.cancelWaiting(tx, existing, null)
          return clickAnswer('canceled', fields)
        }
        const prepared =
          existing ??
          (await tx.insertTransaction({
            provider: 'click',
            providerId: fields.click_trans_id,
            invoiceId: invoice.id,
            amount: invoice.amount,
            state: 1,
            createTime: clock.now().getTime(),
            paydocId: fields.click_paydoc_id,
          }))
        if (!existing) await tx.setInvoiceStatus(invoice.id, 'pending')
        return clickAnswer('success', fields, { merchant_prepare_id: prepared.id })
      })
    } catch (error) {
      onError(error, 'click prepare')
      return clickAnswer('updateFailed', fields)
    }
  }

  async function clickComplete(fields: ClickFields): Promise<ClickAnswer> {
    const refused = clickRefusal(keys, fields, CLICK_ACTIONS.complete)
    if (refused) return refused
    try {
      const found = await clickInvoice(repo, fields)
      if (!found) return clickAnswer('userNotFound', fields)
      const prepareId = /^\d{1,10}$/.test(fields.merchant_prepare_id ?? '')
        ? Number(fields.merchant_prepare_id)
        : 0
      const known =
        prepareId >= 1 && prepareId <= 2_147_483_647 ? await repo.transactionById(prepareId) : undefined
      if (
        !known ||
        known.provider !== 'click' ||
        known.invoiceId !== found.id ||
        known.providerId !== fields.click_trans_id
      )
        return clickAnswer('transactionNotFound', fields)
      if (clickAmountToTiyin(fields.amount) !== found.amount) return clickAnswer('wrongAmount', fields)
      return await repo.transaction(async (tx) => {
        await tx.lockInvoice(found.id)
        const transaction = (await tx.transactionById(known.id))!
        const ids = { merchant_confirm_id: transaction.id }
        // Click's own error first (the matrix's scenario 8 answers −9 even on a completed payment).
        if (Number(fields.error) < 0) {
          if (transaction.state === 1) await activation.cancelWaiting(tx, transaction, null)
          return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        }
        if (transaction.state === 2) return clickAnswer('alreadyPaid', fields, ids)
        if (transaction.state !== 1) return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        const invoice = (await tx.invoice(found.id))!
        if (invoice.status === 'paid') {
          await activation.cancelWaiting(tx, transaction, null)
          return clickAnswer('alreadyPaid', fields, { merchant_confirm_id: null })
        }
        if (invoice.status === 'refunded')
          return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        await activation.activate(tx, invoice, transaction)
        return clickAnswer('success', fields, ids)
      })
    } catch (error) {
      onError(error, 'click complete')
      return clickAnswer('updateFailed', fields)
    }
  }

  /**
   * Refunds a paid Click invoice through Click's Merchant API reversal (decision 015, "Cancelling a performed
   * payment"): Click is asked first, outside our transaction; only when it has reversed the payment are the
   * ledger's refund rows written and the plan days removed, as a Payme refund does. Payme's refunds are made from
   * its merchant cabinet, which calls CancelTransaction, so a Payme invoice is refused here.
   */
  async function refundClickPayment(invoiceId: number, api: ClickMerchantApi): Promise<ClickRefundOutcome> {
    const invoice = await repo.invoice(invoiceId)
    if (!invoice) return { done: false, reason: 'not_found' }
    if (invoice.provider !== 'click') return { done: false, reason: 'not_click' }
    if (invoice.status === 'refunded') return { done: false, reason: 'already_refunded' }
    const performed = invoice.status === 'paid' ? await repo.performedOf(invoice.id) : undefined
    if (!performed) return { done: false, reason: 'not_paid' }
    if (!performed.paydocId) return { done: false, reason: 'no_payment_id' }
    const reversal = await api.reverse(performed.paydocId)
    if (!reversal.ok) return { done: false, reason: 'click_refused', click: reversal }
    return repo.transaction(async (tx) => {
      await tx.lockInvoice(invoice.id)
      const transaction = (await tx.transactionById(performed.id))!
      // Another refund finished while Click answered: Click reversed once, our books already say so.
      if (transaction.state !== 2) return { done: false, reason: 'already_refunded' } as const
      await activation.refund(tx, (await tx.invoice(invoice.id))!, transaction, CLICK_REVERSAL_REASON)
      return { done: true, amount: invoice.amount, userId: invoice.userId } as const
    })
  }

  return { clickPrepare, clickComplete, refundClickPayment }
}
