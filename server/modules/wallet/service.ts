import { createHmac } from 'node:crypto'
import {
  BONUS_INVITED_MAX,
  type Bonus,
  type Checkout,
  type CheckoutBody,
  type Invoice,
  type InvoiceStatus,
  type PaymentProvider,
  type Plan,
  type PromoTerms,
  type PlanMonths,
  type Wallet,
  type WalletRefusedResponse,
  type WalletTransaction,
} from '#contract/schemas/wallet.ts'
import {
  CLICK_ACTIONS,
  clickAmountToTiyin,
  clickAnswer,
  clickCheckoutUrl,
  clickSignValid,
  type ClickAnswer,
  type ClickFields,
} from '#server/adapters/payments/click.ts'
import {
  PAYME_REASONS,
  PAYME_TIMEOUT_MS,
  paymeCheckoutUrl,
  paymeError,
  paymeKeyHash,
  PAYME_KEY_LENGTH,
  paymeOrderId,
  paymeResult,
  type PaymeAnswer,
  type PaymeCall,
  type PaymeErrorName,
  type PaymeId,
  type PaymeParams,
} from '#server/adapters/payments/payme.ts'
import type { Config } from '#server/config.ts'
import type { PaymentTransactionRow, PromoCodeRow, WalletInvoiceRow } from '#server/db/schema/wallet.ts'
import type { ErrorCode } from '#contract/errors.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { addMonths, discounted, featuresOf, planCatalogue, planPrices, priceOf } from './plans.ts'
import { inviteCodes, type InviteCodes } from './invites.ts'
import type { WalletQueries, WalletRepository } from './repository.ts'
import type { ClickMerchantApi, ReversalResult } from '#server/adapters/payments/click-merchant-api.ts'

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

/** What a provider's transaction state means for the person. */
const STATUS_OF_STATE: Record<number, InvoiceStatus> = {
  1: 'pending',
  2: 'paid',
  [-1]: 'canceled',
  [-2]: 'refunded',
}

type Outcome<R> = { result: R } | { error: PaymeErrorName; data?: string }

/** The keys each provider is checked with: the configured ones, or sandbox keys derived from the server's secret. */
export function paymentKeys(config: Config & { JWT_SECRET: string }) {
  const derived = (name: string) =>
    createHmac('sha256', config.JWT_SECRET).update(`wallet-sandbox:${name}`).digest('hex')
  return {
    payme: {
      sandbox: !config.PAYME_KEY,
      available: Boolean(config.PAYME_KEY) || config.NODE_ENV !== 'production',
      key: config.PAYME_KEY ?? derived('payme'),
      merchantId: config.PAYME_MERCHANT_ID ?? 'sandbox',
    },
    click: {
      sandbox: !config.CLICK_SECRET_KEY,
      available: Boolean(config.CLICK_SECRET_KEY) || config.NODE_ENV !== 'production',
      secret: config.CLICK_SECRET_KEY ?? derived('click'),
      serviceId: config.CLICK_SERVICE_ID ?? '1',
      merchantId: config.CLICK_MERCHANT_ID ?? '1',
    },
  }
}
export type PaymentKeys = ReturnType<typeof paymentKeys>

const PAYME_LANG: Record<Locale, 'ru' | 'uz' | 'en'> = { ru: 'ru', oz: 'uz', uz: 'uz', en: 'en' }

/** CSV cells: quoted when needed, and a cell that a spreadsheet would read as a formula is prefixed with a quote. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function createWalletService({
  repo,
  config,
  keys,
  clock,
  onError,
  codes = inviteCodes(config.JWT_SECRET ?? ''),
}: {
  repo: WalletRepository
  config: Config
  /** Invite codes (decision 015, "Bonuses"); keyed by JWT_SECRET. */
  codes?: InviteCodes
  keys: PaymentKeys
  clock: Clock
  onError: (error: unknown, where: string) => void
}) {
  const prices = planPrices(config)
  const nowMs = () => clock.now().getTime()

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

  async function cancelWaiting(tx: WalletQueries, transaction: PaymentTransactionRow, reason: number | null) {
    const canceled = await tx.updateTransaction(transaction.id, { state: -1, reason, cancelTime: nowMs() })
    const invoice = await tx.invoice(transaction.invoiceId)
    if (invoice?.status === 'pending') {
      const others = (await tx.waitingOf(invoice.id, transaction.provider)).filter(
        (row) => row.id !== transaction.id,
      )
      if (others.length === 0) await tx.setInvoiceStatus(invoice.id, 'canceled')
    }
    return canceled
  }

  // ---- Payme (research/integrations.md §1.4, §1.7) ----

  const expired = (transaction: PaymentTransactionRow) =>
    transaction.state === 1 &&
    nowMs() - (transaction.providerTime ?? transaction.createTime) > PAYME_TIMEOUT_MS

  const createAnswer = (t: PaymentTransactionRow) => ({
    create_time: t.createTime,
    transaction: String(t.id),
    state: t.state,
    receivers: null,
  })
  const performAnswer = (t: PaymentTransactionRow) => ({
    transaction: String(t.id),
    perform_time: t.performTime,
    state: t.state,
  })
  const cancelAnswer = (t: PaymentTransactionRow) => ({
    transaction: String(t.id),
    cancel_time: t.cancelTime,
    state: t.state,
  })
  const checkAnswer = (t: PaymentTransactionRow) => ({
    create_time: t.createTime,
    perform_time: t.performTime,
    cancel_time: t.cancelTime,
    transaction: String(t.id),
    state: t.state,
    reason: t.reason,
  })

  /** The invoice an `account` names, if it is a Payme invoice of that amount. */
  async function paymeInvoice(
    tx: WalletQueries,
    params: { amount: number; account: { order_id?: string | number } },
  ): Promise<Outcome<WalletInvoiceRow>> {
    const id = paymeOrderId(params.account)
    const invoice = id === undefined ? undefined : await tx.invoice(id)
    if (!invoice || invoice.provider !== 'payme') return { error: 'orderNotFound', data: 'order_id' }
    if (invoice.amount !== params.amount) return { error: 'wrongAmount' }
    return { result: invoice }
  }

  const payme = {
    async CheckPerformTransaction(params: PaymeParams<'CheckPerformTransaction'>): Promise<Outcome<object>> {
      const found = await paymeInvoice(repo, params)
      if ('error' in found) return found
      if (found.result.status === 'paid' || found.result.status === 'refunded')
        return { error: 'cannotPerform' }
      if (!(await promoStillOpen(repo, found.result))) return { error: 'cannotPerform' }
      return { result: { allow: true } }
    },

    async CreateTransaction(params: PaymeParams<'CreateTransaction'>): Promise<Outcome<object>> {
      const found = await paymeInvoice(repo, params)
      if ('error' in found) return found
      return repo.transaction(async (tx) => {
        await tx.lockInvoice(found.result.id)
        const existing = await tx.transactionOf('payme', params.id)
        if (existing) {
          if (existing.invoiceId !== found.result.id || existing.state !== 1)
            return { error: 'cannotPerform' }
          if (expired(existing)) {
            await cancelWaiting(tx, existing, PAYME_REASONS.timeout)
            return { error: 'cannotPerform' }
          }
          return { result: createAnswer(existing) }
        }
        const invoice = (await tx.invoice(found.result.id))!
        if (invoice.status === 'paid' || invoice.status === 'refunded') return { error: 'cannotPerform' }
        if (!(await promoStillOpen(tx, invoice))) return { error: 'cannotPerform' }
        for (const other of await tx.waitingOf(invoice.id, 'payme')) {
          // A one-time account: another waiting transaction holds the order, unless Payme has timed it out.
          if (!expired(other)) return { error: 'cannotPerform' }
          await cancelWaiting(tx, other, PAYME_REASONS.timeout)
        }
        const created = await tx.insertTransaction({
          provider: 'payme',
          providerId: params.id,
          invoiceId: invoice.id,
          amount: params.amount,
          state: 1,
          providerTime: params.time,
          createTime: nowMs(),
        })
        await tx.setInvoiceStatus(invoice.id, 'pending')
        return { result: createAnswer(created) }
      })
    },

    async PerformTransaction(params: PaymeParams<'PerformTransaction'>): Promise<Outcome<object>> {
      const known = await repo.transactionOf('payme', params.id)
      if (!known) return { error: 'transactionNotFound' }
      return repo.transaction(async (tx) => {
        await tx.lockInvoice(known.invoiceId)
        const transaction = (await tx.transactionOf('payme', params.id))!
        if (transaction.state === 2) return { result: performAnswer(transaction) }
        if (transaction.state !== 1) return { error: 'cannotPerform' }
        if (expired(transaction)) {
          await cancelWaiting(tx, transaction, PAYME_REASONS.timeout)
          return { error: 'cannotPerform' }
        }
        const invoice = (await tx.invoice(transaction.invoiceId))!
        if (invoice.status === 'paid' || invoice.status === 'refunded') return { error: 'cannotPerform' }
        return { result: performAnswer(await activate(tx, invoice, transaction)) }
      })
    },

    async CancelTransaction(params: PaymeParams<'CancelTransaction'>): Promise<Outcome<object>> {
      const known = await repo.transactionOf('payme', params.id)
      if (!known) return { error: 'transactionNotFound' }
      return repo.transaction(async (tx) => {
        await tx.lockInvoice(known.invoiceId)
        const transaction = (await tx.transactionOf('payme', params.id))!
        if (transaction.state === 1)
          return { result: cancelAnswer(await cancelWaiting(tx, transaction, params.reason)) }
        if (transaction.state === 2) {
          const invoice = (await tx.invoice(transaction.invoiceId))!
          return { result: cancelAnswer(await refund(tx, invoice, transaction, params.reason)) }
        }
        return { result: cancelAnswer(transaction) }
      })
    },

    async CheckTransaction(params: PaymeParams<'CheckTransaction'>): Promise<Outcome<object>> {
      const transaction = await repo.transactionOf('payme', params.id)
      if (!transaction) return { error: 'transactionNotFound' }
      return { result: checkAnswer(transaction) }
    },

    async GetStatement(params: PaymeParams<'GetStatement'>): Promise<Outcome<object>> {
      const rows = params.from > params.to ? [] : await repo.statement(params.from, params.to)
      return {
        result: {
          transactions: rows.map((t) => ({
            id: t.providerId,
            time: t.providerTime,
            amount: t.amount,
            account: { order_id: String(t.invoiceId) },
            create_time: t.createTime,
            perform_time: t.performTime,
            cancel_time: t.cancelTime,
            transaction: String(t.id),
            state: t.state,
            reason: t.reason,
            receivers: null,
          })),
        },
      }
    },

    /** The cabinet's key rotation (§1.1): only the new key's hash is stored; the sandbox's key never changes. */
    async ChangePassword(params: PaymeParams<'ChangePassword'>): Promise<Outcome<object>> {
      if (keys.payme.sandbox) return { error: 'methodNotFound', data: 'ChangePassword' }
      const password = params.password
      if (
        typeof password !== 'string' ||
        password.length < PAYME_KEY_LENGTH.min ||
        password.length > PAYME_KEY_LENGTH.max
      )
        return { error: 'badPassword', data: 'password' }
      const hash = paymeKeyHash(password)
      if (hash === (await paymeCurrentKeyHash())) return { error: 'insufficientPrivilege' }
      await repo.setProviderKeyHash('payme', hash, clock.now())
      return { result: { success: true } }
    },

    /** Payme's receipt for a performed or cancelled transaction, kept as received (the ledger is untouched). */
    async SetFiscalData(params: PaymeParams<'SetFiscalData'>): Promise<Outcome<object>> {
      const stored = await repo.setFiscalData('payme', params.id, params.type, params.fiscal_data)
      return stored ? { result: { success: true } } : { error: 'receiptNotFound' }
    },
  }

  /** The SHA-256 (hex) of the current Payme key: ChangePassword's, else the configured (or sandbox) key. */
  async function paymeCurrentKeyHash(): Promise<string> {
    if (keys.payme.sandbox) return paymeKeyHash(keys.payme.key)
    return (await repo.providerKeyHash('payme')) ?? paymeKeyHash(keys.payme.key)
  }

  /** One authorised Payme call -> its JSON-RPC answer; an unexpected failure is −32400. */
  async function paymeCall(id: PaymeId, call: PaymeCall): Promise<PaymeAnswer> {
    try {
      const method = payme[call.method] as (params: unknown) => Promise<Outcome<object>>
      const outcome = await method(call.params)
      return 'error' in outcome
        ? paymeError(id, outcome.error, outcome.data)
        : paymeResult(id, outcome.result as Record<string, unknown>)
    } catch (error) {
      onError(error, `payme ${call.method}`)
      return paymeError(id, 'system')
    }
  }

  // ---- Click (research/integrations.md §2.2–2.6) ----

  /** The checks every Click call starts with, in the order that passes the official matrix: −8, −1, −3. */
  function clickRefusal(fields: ClickFields, action: string): ClickAnswer | undefined {
    if (fields.service_id !== keys.click.serviceId) return clickAnswer('badRequest', fields)
    if (!clickSignValid(fields, keys.click.secret)) return clickAnswer('signFailed', fields)
    if (fields.action !== action) return clickAnswer('actionNotFound', fields)
    return undefined
  }

  async function clickInvoice(fields: ClickFields) {
    const id = /^\d{1,10}$/.test(fields.merchant_trans_id) ? Number(fields.merchant_trans_id) : 0
    const invoice = id >= 1 && id <= 2_147_483_647 ? await repo.invoice(id) : undefined
    return invoice?.provider === 'click' ? invoice : undefined
  }

  async function clickPrepare(fields: ClickFields): Promise<ClickAnswer> {
    const refused = clickRefusal(fields, CLICK_ACTIONS.prepare)
    if (refused) return refused
    try {
      const found = await clickInvoice(fields)
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
        if (!existing && !(await promoStillOpen(tx, invoice))) return clickAnswer('canceled', fields)
        if (Number(fields.error) < 0) {
          if (existing) await cancelWaiting(tx, existing, null)
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
            createTime: nowMs(),
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
    const refused = clickRefusal(fields, CLICK_ACTIONS.complete)
    if (refused) return refused
    try {
      const found = await clickInvoice(fields)
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
          if (transaction.state === 1) await cancelWaiting(tx, transaction, null)
          return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        }
        if (transaction.state === 2) return clickAnswer('alreadyPaid', fields, ids)
        if (transaction.state !== 1) return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        const invoice = (await tx.invoice(found.id))!
        if (invoice.status === 'paid') {
          await cancelWaiting(tx, transaction, null)
          return clickAnswer('alreadyPaid', fields, { merchant_confirm_id: null })
        }
        if (invoice.status === 'refunded')
          return clickAnswer('canceled', fields, { merchant_confirm_id: null })
        await activate(tx, invoice, transaction)
        return clickAnswer('success', fields, ids)
      })
    } catch (error) {
      onError(error, 'click complete')
      return clickAnswer('updateFailed', fields)
    }
  }

  // ---- The person's wallet ----

  const iso = (ms: number) => new Date(ms).toISOString()

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

  async function payments(
    user: UserRow,
    limit: number,
    offset: number,
  ): Promise<{ rows: WalletTransaction[]; total: number }> {
    const { rows, total } = await repo.payments(user.id, limit, offset)
    return {
      total,
      rows: rows.map(({ transaction, invoice }) => ({
        id: transaction.id,
        invoice_id: invoice.id,
        status: STATUS_OF_STATE[transaction.state] ?? 'pending',
        amount: transaction.amount,
        provider: transaction.provider,
        card: null,
        plan: invoice.plan,
        months: invoice.months as PlanMonths,
        created_at: iso(transaction.createTime),
      })),
    }
  }

  return {
    paymeCall,
    clickPrepare,
    clickComplete,

    async bonus(user: UserRow): Promise<Bonus> {
      const code = codes.codeOf(user.id)
      const [days, invited] = await Promise.all([
        repo.bonusDays(user.id),
        repo.invited(user.id, BONUS_INVITED_MAX),
      ])
      return {
        invite_code: code,
        invite_url: `${config.PUBLIC_URL}/signup?invite=${code}`,
        days_earned: days,
        bonus_days_per_invite: config.INVITE_BONUS_DAYS,
        invited_total: invited.total,
        invited: invited.rows.map((row) => ({
          name: row.name,
          joined_at: row.joinedAt.toISOString(),
          rewarded: row.rewardedAt !== null,
        })),
      }
    },

    async wallet(user: UserRow): Promise<Wallet> {
      const now = clock.now()
      const [periods, balance] = await Promise.all([repo.periods(user.id, now), repo.balance(user.id)])
      const active = periods[0] && periods[0].startsAt <= now ? periods[0] : undefined
      // The active plan lasts until the first period of another plan (or a gap).
      let until = active?.endsAt
      for (const next of periods.slice(1)) {
        if (!active || next.plan !== active.plan || next.startsAt.getTime() !== until?.getTime()) break
        until = next.endsAt
      }
      return {
        plan: active?.plan ?? null,
        until: until?.toISOString() ?? null,
        paid_until: periods.at(-1)?.endsAt.toISOString() ?? null,
        periods: periods.map((p) => ({
          plan: p.plan,
          starts_at: p.startsAt.toISOString(),
          ends_at: p.endsAt.toISOString(),
        })),
        balance,
        features: featuresOf(active?.plan ?? null),
        plans: planCatalogue(prices),
        providers: [
          { provider: 'payme', sandbox: keys.payme.sandbox, available: keys.payme.available },
          { provider: 'click', sandbox: keys.click.sandbox, available: keys.click.available },
        ],
      }
    },

    async checkout(user: UserRow, body: CheckoutBody, locale: Locale): Promise<Checkout> {
      if (user.type !== 'executor') throw new AppError('forbidden', 'only_specialists_buy_plans')
      // In production a provider without its key takes no payments: the sandbox would give plans away.
      if (!keys[body.provider].available) throw new AppError('conflict', 'payment_unavailable')
      let amount = priceOf(prices, body.plan, body.months)
      let promoCodeId: number | null = null
      if (body.promo_code) {
        const promo = await repo.promoCode(body.promo_code)
        const refusal = await promoRefusal(repo, promo, body.plan)
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
    },

    /** A promo code's terms, before paying; an unusable code is 404 with its reason. */
    async promoTerms(code: string): Promise<PromoTerms> {
      const promo = await repo.promoCode(code)
      const refusal = await promoRefusal(repo, promo)
      if (refusal) throw new AppError('not_found', refusal, { fields: { code: [refusal] } })
      return {
        code: promo!.code,
        plan: promo!.plan,
        percent_off: promo!.percentOff,
        valid_until: promo!.validUntil.toISOString(),
      }
    },

    async transactions(user: UserRow, query: { page: number; perPage: number }) {
      const { rows, total } = await payments(user, query.perPage, (query.page - 1) * query.perPage)
      return { collection: rows, meta: { page: query.page, perPage: query.perPage, total } }
    },

    /**
     * The refused-services report: the caller's orders as the chosen specialist that the customer then cancelled or
     * gave to someone else. Keyed by the person, whatever their mode (a customer was never chosen: an empty list).
     */
    async refused(user: UserRow, query: { page: number; perPage: number }): Promise<WalletRefusedResponse> {
      const { rows, total } = await repo.refusals(user.id, query.perPage, (query.page - 1) * query.perPage)
      return {
        collection: rows.map((row) => ({
          order_id: row.orderId,
          number: String(row.orderId).padStart(6, '0'),
          name: row.name,
          price: row.price,
          price_min: row.priceMin,
          price_max: row.priceMax,
          reason: row.reason,
          chosen_at: row.chosenAt.toISOString(),
          refused_at: row.refusedAt.toISOString(),
          charged: 0,
        })),
        meta: { page: query.page, perPage: query.perPage, total, charged: 0 },
      }
    },

    async transactionsCsv(user: UserRow): Promise<string> {
      const { rows } = await payments(user, 10_000, 0)
      const lines = [
        ['date', 'status', 'amount_som', 'provider', 'plan', 'months', 'invoice_id', 'card'],
        ...rows.map((row) => [
          row.created_at,
          row.status,
          `${Math.floor(row.amount / 100)}.${String(row.amount % 100).padStart(2, '0')}`,
          row.provider,
          row.plan,
          row.months,
          row.invoice_id,
          row.card,
        ]),
      ]
      return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`
    },

    /** One invoice, for its owner only: anyone else is told it does not exist. */
    async invoice(user: UserRow, id: number): Promise<Invoice> {
      const invoice = await repo.invoice(id)
      if (!invoice || invoice.userId !== user.id) throw new AppError('not_found', 'not_found')
      return presentInvoice(invoice)
    },

    /**
     * Refunds a paid Click invoice through Click's Merchant API reversal (decision 015, "Cancelling a performed
     * payment"): Click is asked first, outside our transaction; only when it has reversed the payment are the
     * ledger's refund rows written and the plan days removed, as a Payme refund does. Payme's refunds are made from
     * its merchant cabinet, which calls CancelTransaction, so a Payme invoice is refused here.
     */
    async refundClickPayment(invoiceId: number, api: ClickMerchantApi): Promise<ClickRefundOutcome> {
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
        await refund(tx, (await tx.invoice(invoice.id))!, transaction, CLICK_REVERSAL_REASON)
        return { done: true, amount: invoice.amount, userId: invoice.userId } as const
      })
    },

    /** An invoice as the sandbox page shows it (no owner check: the page plays the provider). */
    sandboxInvoice: (id: number) => repo.invoice(id),
    /** The server's clock in milliseconds (the sandbox page stamps Payme's `time` with it). */
    nowMs,
    /** The keys of the providers (the sandbox page signs with them). */
    keys,
    /** The SHA-256 (hex) of the current Payme key, read from the database on each call (ChangePassword). */
    paymeCurrentKeyHash,
    /** Whether a provider's sandbox page is served (sandbox mode, never in production). */
    sandbox: (provider: PaymentProvider) => keys[provider].sandbox && keys[provider].available,
  }
}
export type WalletService = ReturnType<typeof createWalletService>
