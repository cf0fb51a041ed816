import { paymentProviderPaths } from '#contract/wallet-endpoints.ts'
import { clickSign } from '#server/adapters/payments/click.ts'
import type { TestApp } from './test-app.ts'

export const CLICK_TEST_SECRET = 'click-test-secret'
export const CLICK_TEST_SERVICE = '12345'
export const CLICK_TEST_MERCHANT = '678'

export type ClickResponse = {
  click_trans_id?: number | string
  merchant_trans_id?: string
  merchant_prepare_id?: number | null
  merchant_confirm_id?: number | null
  error: number
  error_note: string
}

let nextClickId = 5_000_000
export const clickTransId = () => String(++nextClickId)

/**
 * A local fake of Click (research/integrations.md §2.9): it builds the form bodies, signs them with the test secret
 * and posts them to our Prepare and Complete URLs through `app.inject`.
 */
export function fakeClick(t: TestApp, secret = CLICK_TEST_SECRET, serviceId = CLICK_TEST_SERVICE) {
  async function post(path: string, fields: Record<string, string | undefined>) {
    const form = new URLSearchParams()
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value)
    const response = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    })
    if (response.statusCode !== 200) throw new Error(`Click endpoint answered HTTP ${response.statusCode}`)
    return response.json<ClickResponse>()
  }

  type Options = {
    clickTransId: string
    invoiceId: number | string
    amount: string
    error?: string
    prepareId?: number | string
    /** Replaces the computed signature. */
    sign?: string
    /** Fields to drop or override after signing. */
    override?: Record<string, string | undefined>
    action?: string
  }
  function fields(options: Options, action: string) {
    const base = {
      click_trans_id: options.clickTransId,
      service_id: serviceId,
      click_paydoc_id: String(Number(options.clickTransId) + 1),
      merchant_trans_id: String(options.invoiceId),
      ...(options.prepareId !== undefined && { merchant_prepare_id: String(options.prepareId) }),
      amount: options.amount,
      action: options.action ?? action,
      error: options.error ?? '0',
      error_note: options.error && options.error !== '0' ? 'Cancelled' : 'Success',
      sign_time: '2026-11-21 14:00:00',
    }
    return { ...base, sign_string: options.sign ?? clickSign(base, secret), ...options.override }
  }
  return {
    post,
    fields,
    prepare: (options: Options) => post(paymentProviderPaths.clickPrepare, fields(options, '0')),
    complete: (options: Options) => post(paymentProviderPaths.clickComplete, fields(options, '1')),
  }
}
export type FakeClick = ReturnType<typeof fakeClick>
