import { paymentProviderPaths } from '#contract/wallet-endpoints.ts'
import type { TestApp } from './test-app.ts'

/** The key tests configure (the README's test vector: `Paycom:KeyFromMerchantCabinet`). */
export const PAYME_TEST_KEY = 'KeyFromMerchantCabinet'
export const PAYME_TEST_MERCHANT = '587f72c72cac0d162c722ae2'

export type PaymeResponse = {
  jsonrpc?: string
  id: number | string | null
  result?: Record<string, unknown> & { state?: number; transaction?: string }
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string }
}

let nextTransaction = 0
/** A fresh 24-character Payme transaction id. */
export const paymeId = () => (++nextTransaction).toString(16).padStart(24, 'a')

/**
 * A local fake of Payme Business (research/integrations.md §1.11): it builds JSON-RPC bodies, signs them with Basic
 * auth and posts them to our endpoint through `app.inject`.
 */
export function fakePayme(t: TestApp, key = PAYME_TEST_KEY) {
  let rpcId = 1000
  const authorization = (login: string, password: string) =>
    `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`

  async function raw(options: { body: string; authorization?: string | null; method?: 'POST' | 'GET' }) {
    const response = await t.inject({
      method: options.method ?? 'POST',
      url: paymentProviderPaths.payme,
      headers: {
        'content-type': 'text/json; charset=UTF-8',
        ...(options.authorization !== null && {
          authorization: options.authorization ?? authorization('Paycom', key),
        }),
      },
      ...(options.method !== 'GET' && { payload: options.body }),
    })
    return { status: response.statusCode, body: response.body, json: response.json<PaymeResponse>() }
  }

  async function call(method: string, params: Record<string, unknown>, auth?: string | null) {
    const id = rpcId++
    const response = await raw({ body: JSON.stringify({ method, params, id }), authorization: auth })
    if (response.status !== 200) throw new Error(`Payme endpoint answered HTTP ${response.status}`)
    if (response.json.id !== id) throw new Error(`Payme endpoint did not echo id ${id}: ${response.body}`)
    return response.json
  }

  const account = (orderId: number | string) => ({ order_id: String(orderId) })
  return {
    raw,
    call,
    authorization,
    checkPerform: (orderId: number | string, amount: number) =>
      call('CheckPerformTransaction', { amount, account: account(orderId) }),
    create: (id: string, orderId: number | string, amount: number, time: number) =>
      call('CreateTransaction', { id, time, amount, account: account(orderId) }),
    perform: (id: string) => call('PerformTransaction', { id }),
    cancel: (id: string, reason: number) => call('CancelTransaction', { id, reason }),
    check: (id: string) => call('CheckTransaction', { id }),
    statement: (from: number, to: number) => call('GetStatement', { from, to }),
  }
}
export type FakePayme = ReturnType<typeof fakePayme>
