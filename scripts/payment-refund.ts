/**
 * npm run payment-refund -- <invoice_id>
 *
 * Refunds a paid Click invoice: asks Click's Merchant API to reverse the payment, then writes the refund to the
 * ledger and removes the plan days it bought (docs/operations.md, decision 015). Payme payments are refunded from
 * Payme's merchant cabinet, which calls our CancelTransaction; this command says so and changes nothing.
 */
import { fileURLToPath } from 'node:url'
import {
  createClickMerchantApi,
  sandboxClickMerchantApi,
  type ClickMerchantApi,
} from '#server/adapters/payments/click-merchant-api.ts'
import { loadConfig, type Config } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { systemClock, type Clock } from '#server/lib/clock.ts'
import { createWalletRepository } from '#server/modules/wallet/repository.ts'
import type { ClickRefundOutcome } from '#server/modules/wallet/click-shop.ts'
import { createWalletService, paymentKeys } from '#server/modules/wallet/service.ts'
import { resolveSecret } from '#server/secret.ts'

const USAGE = 'Usage: npm run payment-refund -- <invoice_id>'

/** A refusal the person running the command can act on: printed alone, without a stack. */
export class RefundCommandError extends Error {
  override name = 'RefundCommandError'
}

/** Click's API with the configured keys; the sandbox without them, except in production. */
export function clickMerchantApiOf(config: Config): ClickMerchantApi {
  if (config.CLICK_SECRET_KEY && config.CLICK_SERVICE_ID) {
    if (!config.CLICK_MERCHANT_USER_ID)
      throw new RefundCommandError('CLICK_MERCHANT_USER_ID is required to call Click’s Merchant API')
    return createClickMerchantApi({
      baseUrl: config.CLICK_MERCHANT_API_URL,
      serviceId: config.CLICK_SERVICE_ID,
      merchantUserId: config.CLICK_MERCHANT_USER_ID,
      secretKey: config.CLICK_SECRET_KEY,
    })
  }
  if (config.NODE_ENV === 'production') throw new RefundCommandError('Click’s keys are not set')
  return sandboxClickMerchantApi
}

const som = (tiyin: number) => `${(tiyin / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} so'm`

function explain(invoiceId: number, outcome: ClickRefundOutcome): string {
  if (outcome.done)
    return `Invoice ${invoiceId}: refunded ${som(outcome.amount)}; its plan days are removed and the ledger has the refund.`
  const why = {
    not_found: 'there is no such invoice',
    not_click:
      'it was paid with Payme: refund it from the Payme merchant cabinet, which calls our CancelTransaction',
    not_paid: 'it is not paid',
    already_refunded: 'it is already refunded',
    no_payment_id: 'Click gave no payment id (click_paydoc_id) for it',
    click_refused:
      `Click refused the reversal: ${outcome.click?.errorCode} ${outcome.click?.errorNote ?? ''}`.trim(),
  }[outcome.reason]
  throw new RefundCommandError(`Invoice ${invoiceId} was not refunded: ${why}.`)
}

/** Runs the command against a database and answers what to print; a refusal throws RefundCommandError. */
export async function runPaymentRefund(
  db: Database,
  config: Config & { JWT_SECRET: string },
  args: readonly string[],
  deps: { api?: ClickMerchantApi; clock?: Clock } = {},
): Promise<string> {
  const [id, ...rest] = args
  if (id === undefined || rest.length > 0 || !/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)
    throw new RefundCommandError(USAGE)
  const failures: unknown[] = []
  const wallet = createWalletService({
    repo: createWalletRepository(db),
    config,
    keys: paymentKeys(config),
    clock: deps.clock ?? systemClock,
    onError: (error) => failures.push(error),
  })
  const outcome = await wallet.refundClickPayment(Number(id), deps.api ?? clickMerchantApiOf(config))
  return explain(Number(id), outcome)
}

async function main() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    const secret = await resolveSecret(config)
    console.log(await runPaymentRefund(database.db, { ...config, JWT_SECRET: secret }, process.argv.slice(2)))
  } catch (error) {
    if (!(error instanceof RefundCommandError)) throw error
    console.error(error.message)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
