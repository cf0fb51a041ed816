import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import * as v from 'valibot'
import { PAYMENT_PROVIDERS, type PaymentProvider, type Plan } from '#contract/schemas/wallet.ts'
import { paymentProviderPaths } from '#contract/wallet-endpoints.ts'
import { toFastifyPath } from '#server/plugins/contract-route.ts'
import { clickSign, clickSignTime, tiyinToClickAmount } from '#server/adapters/payments/click.ts'
import { PAYME_REASONS, paymeAuthHeader } from '#server/adapters/payments/payme.ts'
import type { WalletInvoiceRow } from '#server/db/schema/wallet.ts'
import { serverText, type ServerMessage } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { WalletService } from './service.ts'

/**
 * Sandbox mode (docs/decisions/015-wallet-and-payments.md): without a provider's key, the checkout URL is this page.
 * It plays the provider's checkout: plain HTML (no script, so the content security policy holds) with the amount and
 * two buttons in a form. "Pay" calls our provider endpoint exactly as the provider would; "Cancel" creates and cancels
 * the provider's transaction. Then it sends the visitor to /wallet/success or /wallet/failed.
 */

/** The page's words (server/locales/{locale}.po). */
const TEXTS = {
  title: /*i18n*/ { id: 'sandbox.title', message: 'Test payment' },
  plan: /*i18n*/ { id: 'sandbox.plan', message: 'Plan' },
  months: /*i18n*/ { id: 'sandbox.months', message: 'Months' },
  amount: /*i18n*/ { id: 'sandbox.amount', message: 'Amount' },
  pay: /*i18n*/ { id: 'sandbox.pay', message: 'Pay' },
  cancel: /*i18n*/ { id: 'sandbox.cancel', message: 'Cancel' },
  note: /*i18n*/ {
    id: 'sandbox.note',
    message: 'This is the sandbox: no money moves. This is where the payment system would take over.',
  },
  done: /*i18n*/ { id: 'sandbox.done', message: 'This invoice is no longer waiting for payment.' },
  /** An amount of so'm, already grouped by thousands. */
  som: /*i18n*/ { id: 'sandbox.som', message: "{amount} so'm" },
}
/** The plans' names as the wallet screen shows them (src/features/wallet/words.ts). */
const PLAN_NAMES: Record<Plan, ServerMessage> = {
  starter: /*i18n*/ { id: 'sandbox.plan.starter', message: 'Starter' },
  master: /*i18n*/ { id: 'sandbox.plan.master', message: 'Master' },
  professional: /*i18n*/ { id: 'sandbox.plan.professional', message: 'Professional' },
}
const PROVIDER_NAMES: Record<PaymentProvider, string> = { payme: 'Payme', click: 'Click' }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Whole so'm grouped by thousands with a no-break space, as the app writes them in all four languages. */
const groupedSom = (tiyin: number) =>
  String(Math.round(tiyin / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')

/**
 * The page's look, phone first, in the app's colours. Inline, so the page stays one response with no script; the
 * page's own content security policy allows exactly this style by its hash.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;line-height:1.5;color:#1b1f23;background:#f2f6f4}
main{max-width:28rem;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;line-height:1.2;margin:0 0 12px}
.note{color:#4a5560;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px;padding:16px;background:#fff;border:1px solid #d5dbe0;border-radius:12px}
dt{color:#4a5560}
dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
form{display:grid;gap:8px}
button{font:inherit;font-weight:600;min-height:44px;padding:10px 18px;border-radius:12px;border:2px solid #0b6e4f;cursor:pointer}
button[value=pay]{background:#0b6e4f;color:#fff}
button[value=cancel]{background:#fff;color:#08573e}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`
/** Nothing but this page's style, its form posting here, and no framing. */
const PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

const ParamsSchema = v.object({
  provider: v.picklist(PAYMENT_PROVIDERS),
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,10}$/),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(2_147_483_647),
  ),
})

function page(invoice: WalletInvoiceRow, provider: PaymentProvider, locale: Locale, action: string) {
  const text = (key: keyof typeof TEXTS) => serverText(TEXTS[key], locale)
  const payable = invoice.status === 'pending' || invoice.status === 'canceled'
  return `<!doctype html>
<html lang="${locale === 'oz' ? 'uz-Latn' : locale === 'uz' ? 'uz-Cyrl' : locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${PROVIDER_NAMES[provider]}: ${text('title')}`)}</title>
<style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(`${PROVIDER_NAMES[provider]}: ${text('title')}`)}</h1>
<p class="note">${escapeHtml(text('note'))}</p>
<dl>
<dt>${escapeHtml(text('plan'))}</dt><dd>${escapeHtml(serverText(PLAN_NAMES[invoice.plan], locale))}</dd>
<dt>${escapeHtml(text('months'))}</dt><dd>${invoice.months}</dd>
<dt>${escapeHtml(text('amount'))}</dt><dd>${escapeHtml(text('som').replace('{amount}', groupedSom(invoice.amount)))}</dd>
</dl>
${
  payable
    ? `<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="action" value="pay">${escapeHtml(text('pay'))}</button>
<button type="submit" name="action" value="cancel">${escapeHtml(text('cancel'))}</button>
</form>`
    : `<p>${escapeHtml(text('done'))}</p>`
}
</main>
</body>
</html>
`
}

export async function sandboxRoutes(app: FastifyInstance, { wallet }: { wallet: WalletService }) {
  const url = toFastifyPath(paymentProviderPaths.sandbox)

  /** The invoice the page is for, when its provider is in sandbox mode; else 404 as JSON in our shape. */
  async function invoiceOf(params: unknown, reply: FastifyReply) {
    const parsed = v.safeParse(ParamsSchema, params)
    if (!parsed.success || !wallet.sandbox(parsed.output.provider)) return undefined
    const invoice = await wallet.sandboxInvoice(parsed.output.id)
    if (!invoice || invoice.provider !== parsed.output.provider) return undefined
    void reply
    return invoice
  }
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><title>404</title><p>404</p>')

  app.get(url, async (request, reply) => {
    const invoice = await invoiceOf(request.params, reply)
    if (!invoice) return notFound(reply)
    const action = paymentProviderPaths.sandbox
      .replace('{provider}', invoice.provider)
      .replace('{id}', String(invoice.id))
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_POLICY)
      .send(page(invoice, invoice.provider, request.locale, action))
  })

  app.post(url, async (request, reply) => {
    const invoice = await invoiceOf(request.params, reply)
    if (!invoice) return notFound(reply)
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '')
    const pay = form.get('action') === 'pay'
    const paid =
      invoice.provider === 'payme'
        ? await payWithPayme(app, wallet, invoice, pay)
        : await payWithClick(app, wallet, invoice, pay)
    return reply.redirect(`/wallet/${paid ? 'success' : 'failed'}?invoice_id=${invoice.id}`, 303)
  })
}

/** What Payme would do: check, create, then perform (pay) or cancel. True when the payment was performed. */
async function payWithPayme(
  app: FastifyInstance,
  wallet: WalletService,
  invoice: WalletInvoiceRow,
  pay: boolean,
) {
  const authorization = paymeAuthHeader(wallet.keys.payme.key)
  let rpcId = 1
  const call = async (method: string, params: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: paymentProviderPaths.payme,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ method, params, id: rpcId++ }),
    })
    return response.json<{ result?: { state?: number }; error?: unknown }>()
  }
  const account = { order_id: String(invoice.id) }
  const check = await call('CheckPerformTransaction', { amount: invoice.amount, account })
  if (check.error) return false
  const id = randomBytes(12).toString('hex')
  const created = await call('CreateTransaction', {
    id,
    time: wallet.nowMs(),
    amount: invoice.amount,
    account,
  })
  if (created.error) return false
  if (!pay) {
    await call('CancelTransaction', { id, reason: PAYME_REASONS.executionError })
    return false
  }
  const performed = await call('PerformTransaction', { id })
  return performed.result?.state === 2
}

/** What Click would do: prepare, then complete with error 0 (pay) or −5017 (cancelled). */
async function payWithClick(
  app: FastifyInstance,
  wallet: WalletService,
  invoice: WalletInvoiceRow,
  pay: boolean,
) {
  const keys = wallet.keys.click
  const base = {
    click_trans_id: String(randomInt(1, 2 ** 47)),
    service_id: keys.serviceId,
    click_paydoc_id: String(randomInt(1, 2 ** 47)),
    merchant_trans_id: String(invoice.id),
    amount: tiyinToClickAmount(invoice.amount),
    sign_time: clickSignTime(new Date(wallet.nowMs())),
  }
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    })
    return response.json<{ error: number; merchant_prepare_id?: number }>()
  }
  const prepareFields = { ...base, action: '0', error: '0', error_note: '' }
  const prepared = await post(paymentProviderPaths.clickPrepare, {
    ...prepareFields,
    sign_string: clickSign(prepareFields, keys.secret),
  })
  if (prepared.error !== 0 || prepared.merchant_prepare_id === undefined) return false
  const completeFields = {
    ...base,
    merchant_prepare_id: String(prepared.merchant_prepare_id),
    action: '1',
    error: pay ? '0' : '-5017',
    error_note: pay ? 'Success' : 'Cancelled by the payer',
  }
  const completed = await post(paymentProviderPaths.clickComplete, {
    ...completeFields,
    sign_string: clickSign(completeFields, keys.secret),
  })
  return completed.error === 0
}
