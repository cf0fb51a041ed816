import { createHash } from 'node:crypto'

/**
 * Our calls to Click's Merchant API (research/integrations.md §2.8): the payment reversal an operator starts to
 * refund a Click payment. Click answers `error_code` and `error_note` (not the SHOP API's `error`).
 */

/** `merchant_user_id:digest:timestamp`, `digest = sha1(timestamp + secret_key)`, a 10-digit Unix timestamp. */
export function clickMerchantAuth(merchantUserId: string, secretKey: string, timestampS: number): string {
  const timestamp = String(Math.floor(timestampS))
  const digest = createHash('sha1')
    .update(timestamp + secretKey)
    .digest('hex')
  return `${merchantUserId}:${digest}:${timestamp}`
}

/** What a reversal came to: Click's own code and note, `ok` when the code is 0. */
export type ReversalResult = { ok: boolean; errorCode: number; errorNote: string }

export type ClickMerchantApi = {
  /** Reverses a payment by Click's payment id (the SHOP API's `click_paydoc_id`). */
  reverse(paymentId: string): Promise<ReversalResult>
}

/** An answer Click could not give: no reply in time, not JSON, or not its shape. */
export class ClickMerchantApiError extends Error {
  override name = 'ClickMerchantApiError'
}

const TIMEOUT_MS = 15_000

export function createClickMerchantApi(options: {
  baseUrl: string
  serviceId: string
  merchantUserId: string
  secretKey: string
  now?: () => Date
  fetch?: typeof fetch
}): ClickMerchantApi {
  const now = options.now ?? (() => new Date())
  const send = options.fetch ?? fetch
  const base = options.baseUrl.replace(/\/+$/, '')
  return {
    async reverse(paymentId) {
      if (!/^\d{1,19}$/.test(paymentId)) throw new ClickMerchantApiError('a Click payment id is digits')
      const url = `${base}/payment/reversal/${encodeURIComponent(options.serviceId)}/${paymentId}`
      let response: Response
      try {
        response = await send(url, {
          method: 'DELETE',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Auth: clickMerchantAuth(options.merchantUserId, options.secretKey, now().getTime() / 1000),
          },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        throw new ClickMerchantApiError('Click did not answer', { cause: error })
      }
      const body = (await response.json().catch(() => undefined)) as
        { error_code?: unknown; error_note?: unknown } | undefined
      if (typeof body?.error_code !== 'number')
        throw new ClickMerchantApiError(`Click answered HTTP ${response.status} without an error_code`)
      const errorNote = typeof body.error_note === 'string' ? body.error_note.slice(0, 200) : ''
      return { ok: body.error_code === 0, errorCode: body.error_code, errorNote }
    },
  }
}

/** Without Click's keys (not in production): a reversal that always succeeds, so `npm start` can show a refund. */
export const sandboxClickMerchantApi: ClickMerchantApi = {
  reverse: () => Promise.resolve({ ok: true, errorCode: 0, errorNote: 'Sandbox reversal' }),
}
