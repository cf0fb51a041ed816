import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * The Click SHOP API's protocol (research/integrations.md §2): the form fields, `sign_string`, the error table and
 * the payment URL. Pure functions; the rules of a payment live in the wallet service.
 */

export const CLICK_ERRORS = {
  success: { error: 0, error_note: 'Success' },
  signFailed: { error: -1, error_note: 'SIGN CHECK FAILED!' },
  wrongAmount: { error: -2, error_note: 'Incorrect parameter amount' },
  actionNotFound: { error: -3, error_note: 'Action not found' },
  alreadyPaid: { error: -4, error_note: 'Already paid' },
  userNotFound: { error: -5, error_note: 'User does not exist' },
  transactionNotFound: { error: -6, error_note: 'Transaction does not exist' },
  updateFailed: { error: -7, error_note: 'Failed to update user' },
  badRequest: { error: -8, error_note: 'Error in request from click' },
  canceled: { error: -9, error_note: 'Transaction cancelled' },
} as const
export type ClickErrorName = keyof typeof CLICK_ERRORS

export const CLICK_ACTIONS = { prepare: '0', complete: '1' } as const

/** The fields Click posts, as the raw strings received (hashing needs them untouched). */
export type ClickFields = {
  click_trans_id: string
  service_id: string
  click_paydoc_id: string
  merchant_trans_id: string
  merchant_prepare_id?: string
  amount: string
  action: string
  error: string
  error_note: string
  sign_time: string
  sign_string: string
}

const REQUIRED = [
  'click_trans_id',
  'service_id',
  'click_paydoc_id',
  'merchant_trans_id',
  'amount',
  'action',
  'error',
  'sign_time',
  'sign_string',
] as const

/**
 * A form body -> its fields, or undefined when one is missing or malformed (−8). `merchant_prepare_id` is required
 * when `action` is 1. `error_note` may be empty.
 */
export function parseClickForm(raw: string): ClickFields | undefined {
  const form = new URLSearchParams(raw)
  const get = (name: string) => {
    const values = form.getAll(name)
    return values.length === 1 ? values[0] : undefined
  }
  const fields: Record<string, string> = {}
  for (const name of REQUIRED) {
    const value = get(name)
    if (value === undefined || value === '' || value.length > 128) return undefined
    fields[name] = value
  }
  fields.error_note = (get('error_note') ?? '').slice(0, 256)
  const prepareId = get('merchant_prepare_id')
  if (prepareId !== undefined && prepareId !== '') fields.merchant_prepare_id = prepareId
  if (fields.action === CLICK_ACTIONS.complete && fields.merchant_prepare_id === undefined) return undefined
  if (!/^\d{1,19}$/.test(fields.click_trans_id!) || !/^-?\d{1,9}$/.test(fields.error!)) return undefined
  return fields as ClickFields
}

/**
 * `md5(click_trans_id + service_id + SECRET + merchant_trans_id + merchant_prepare_id + amount + action +
 * sign_time)` over the raw strings; `merchant_prepare_id` is empty for Prepare (§2.4).
 */
export function clickSign(
  fields: Omit<ClickFields, 'sign_string' | 'click_paydoc_id' | 'error' | 'error_note'>,
  secret: string,
) {
  return createHash('md5')
    .update(
      fields.click_trans_id +
        fields.service_id +
        secret +
        fields.merchant_trans_id +
        (fields.merchant_prepare_id ?? '') +
        fields.amount +
        fields.action +
        fields.sign_time,
    )
    .digest('hex')
}

/** The sign check, in constant time. */
export function clickSignValid(fields: ClickFields, secret: string): boolean {
  const expected = Buffer.from(clickSign(fields, secret))
  const given = Buffer.from(fields.sign_string.toLowerCase())
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Click's so'm amount ("1000", "1000.5", "1000.00") -> tiyin, by decimal string logic; undefined if malformed. */
export function clickAmountToTiyin(amount: string): number | undefined {
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(amount)
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Tiyin -> Click's "N.NN" so'm. */
export const tiyinToClickAmount = (tiyin: number) =>
  `${Math.floor(tiyin / 100)}.${String(tiyin % 100).padStart(2, '0')}`

/** An id echoed as a JSON number while JavaScript holds it exactly, else as the string received (unconfirmed). */
export const clickId = (raw: string): number | string => {
  const value = Number(raw)
  return /^\d+$/.test(raw) && Number.isSafeInteger(value) ? value : raw
}

export type ClickAnswer = {
  click_trans_id?: number | string
  merchant_trans_id?: string
  merchant_prepare_id?: number | null
  merchant_confirm_id?: number | null
  error: number
  error_note: string
}

/** An answer to Click: the error's code and note, with the request's ids echoed when it had them. */
export function clickAnswer(
  name: ClickErrorName,
  fields?: Partial<ClickFields>,
  ids: { merchant_prepare_id?: number | null; merchant_confirm_id?: number | null } = {},
): ClickAnswer {
  return {
    ...(fields?.click_trans_id !== undefined && { click_trans_id: clickId(fields.click_trans_id) }),
    ...(fields?.merchant_trans_id !== undefined && { merchant_trans_id: fields.merchant_trans_id }),
    ...ids,
    ...CLICK_ERRORS[name],
  }
}

/** The payment page (§2.7): amount in so'm `N.NN`, `transaction_param` = our invoice id. */
export function clickCheckoutUrl(options: {
  checkoutUrl: string
  serviceId: string
  merchantId: string
  amount: number
  transactionParam: number | string
  returnUrl: string
}): string {
  const url = new URL(options.checkoutUrl)
  url.searchParams.set('service_id', options.serviceId)
  url.searchParams.set('merchant_id', options.merchantId)
  url.searchParams.set('amount', tiyinToClickAmount(options.amount))
  url.searchParams.set('transaction_param', String(options.transactionParam))
  url.searchParams.set('return_url', options.returnUrl)
  return url.toString()
}

/** Click's `sign_time` format, `YYYY-MM-DD HH:mm:ss`. */
export const clickSignTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')
