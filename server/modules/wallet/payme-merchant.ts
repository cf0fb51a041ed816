/**
 * Payme's merchant API (research notes §1.4, §1.7; decision 015): the JSON-RPC methods Payme calls on our endpoint,
 * each checked against the invoice it names and answered in Payme's terms. Money moves only through `activation`.
 */
import {
  PAYME_REASONS,
  PAYME_TIMEOUT_MS,
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
import type { PaymentTransactionRow, WalletInvoiceRow } from '#server/db/schema/wallet.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Activation } from './activation.ts'
import type { WalletQueries, WalletRepository } from './repository.ts'
import type { PaymentKeys } from './keys.ts'
import type { MerchantDeps } from './merchant-deps.ts'

type Outcome<R> = { result: R } | { error: PaymeErrorName; data?: string }

/** Payme's answers, field for field as its protocol names them. */
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
const statementAnswer = (t: PaymentTransactionRow) => ({
  id: t.providerId,
  time: t.providerTime,
  amount: t.amount,
  account: { order_id: String(t.invoiceId) },
  ...checkAnswer(t),
  receivers: null,
})

/** The transaction methods: an invoice's payment checked, created, performed, cancelled and reported. */
function paymeTransactionMethods({
  repo,
  clock,
  activation,
}: {
  repo: WalletRepository
  clock: Clock
  activation: Activation
}) {
  const expired = (transaction: PaymentTransactionRow) =>
    transaction.state === 1 &&
    clock.now().getTime() - (transaction.providerTime ?? transaction.createTime) > PAYME_TIMEOUT_MS

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

  return {
    async CheckPerformTransaction(params: PaymeParams<'CheckPerformTransaction'>): Promise<Outcome<object>> {
      const found = await paymeInvoice(repo, params)
      if ('error' in found) return found
      if (found.result.status === 'paid' || found.result.status === 'refunded')
        return { error: 'cannotPerform' }
      if (!(await activation.promoStillOpen(repo, found.result))) return { error: 'cannotPerform' }
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
            await activation.cancelWaiting(tx, existing, PAYME_REASONS.timeout)
            return { error: 'cannotPerform' }
          }
          return { result: createAnswer(existing) }
        }
        const invoice = (await tx.invoice(found.result.id))!
        if (invoice.status === 'paid' || invoice.status === 'refunded') return { error: 'cannotPerform' }
        if (!(await activation.promoStillOpen(tx, invoice))) return { error: 'cannotPerform' }
        for (const other of await tx.waitingOf(invoice.id, 'payme')) {
          // A one-time account: another waiting transaction holds the order, unless Payme has timed it out.
          if (!expired(other)) return { error: 'cannotPerform' }
          await activation.cancelWaiting(tx, other, PAYME_REASONS.timeout)
        }
        const created = await tx.insertTransaction({
          provider: 'payme',
          providerId: params.id,
          invoiceId: invoice.id,
          amount: params.amount,
          state: 1,
          providerTime: params.time,
          createTime: clock.now().getTime(),
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
          await activation.cancelWaiting(tx, transaction, PAYME_REASONS.timeout)
          return { error: 'cannotPerform' }
        }
        const invoice = (await tx.invoice(transaction.invoiceId))!
        if (invoice.status === 'paid' || invoice.status === 'refunded') return { error: 'cannotPerform' }
        return { result: performAnswer(await activation.activate(tx, invoice, transaction)) }
      })
    },

    async CancelTransaction(params: PaymeParams<'CancelTransaction'>): Promise<Outcome<object>> {
      const known = await repo.transactionOf('payme', params.id)
      if (!known) return { error: 'transactionNotFound' }
      return repo.transaction(async (tx) => {
        await tx.lockInvoice(known.invoiceId)
        const transaction = (await tx.transactionOf('payme', params.id))!
        if (transaction.state === 1)
          return { result: cancelAnswer(await activation.cancelWaiting(tx, transaction, params.reason)) }
        if (transaction.state === 2) {
          const invoice = (await tx.invoice(transaction.invoiceId))!
          return { result: cancelAnswer(await activation.refund(tx, invoice, transaction, params.reason)) }
        }
        return { result: cancelAnswer(transaction) }
      })
    },

    async CheckTransaction(params: PaymeParams<'CheckTransaction'>): Promise<Outcome<object>> {
      const transaction = await repo.transactionOf('payme', params.id)
      if (!transaction) return { error: 'transactionNotFound' }
      return { result: checkAnswer(transaction) }
    },
  }
}

/** The cabinet's methods: the statement, the key rotation and fiscal receipts. */
function paymeCabinetMethods({
  repo,
  keys,
  clock,
}: {
  repo: WalletRepository
  keys: PaymentKeys
  clock: Clock
}) {
  /** The SHA-256 (hex) of the current Payme key: ChangePassword's, else the configured (or sandbox) key. */
  async function paymeCurrentKeyHash(): Promise<string> {
    if (keys.payme.sandbox) return paymeKeyHash(keys.payme.key)
    return (await repo.providerKeyHash('payme')) ?? paymeKeyHash(keys.payme.key)
  }

  const methods = {
    async GetStatement(params: PaymeParams<'GetStatement'>): Promise<Outcome<object>> {
      const rows = params.from > params.to ? [] : await repo.statement(params.from, params.to)
      return {
        result: {
          transactions: rows.map(statementAnswer),
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
  return { methods, paymeCurrentKeyHash }
}

export function createPaymeMerchant({ repo, keys, clock, activation, onError }: MerchantDeps) {
  const cabinet = paymeCabinetMethods({ repo, keys, clock })
  const payme = { ...paymeTransactionMethods({ repo, clock, activation }), ...cabinet.methods }

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

  return { paymeCall, paymeCurrentKeyHash: cabinet.paymeCurrentKeyHash }
}
