import { createHash, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'

/**
 * The Payme Merchant API's protocol (research/integrations.md §1): Basic auth, the JSON-RPC envelope, each method's
 * params, the error objects with their localized messages, and the checkout URL. Pure functions; the rules of a
 * payment live in the wallet service.
 */

/** Payme cancels a transaction 12 hours after its `time` (ms) in Payme Business. */
export const PAYME_TIMEOUT_MS = 43_200_000

export const PAYME_STATES = { created: 1, performed: 2, canceledBefore: -1, canceledAfter: -2 } as const
export const PAYME_REASONS = { timeout: 4, refund: 5, executionError: 3 } as const

type Localized = { ru: string; uz: string; en: string }

/** Codes of the error table (§1.6), with messages Payme shows to the payer (ru, uz Latin, en). */
export const PAYME_ERRORS = {
  notPost: {
    code: -32300,
    message: { ru: 'Метод запроса не POST', uz: "So'rov usuli POST emas", en: 'Request method is not POST' },
  },
  parse: {
    code: -32700,
    message: { ru: 'Ошибка разбора JSON', uz: 'JSON tahlil xatosi', en: 'JSON parse error' },
  },
  invalidRequest: {
    code: -32600,
    message: { ru: 'Неверный запрос RPC', uz: "Noto'g'ri RPC so'rovi", en: 'Invalid RPC request' },
  },
  methodNotFound: {
    code: -32601,
    message: { ru: 'Метод не найден', uz: 'Usul topilmadi', en: 'Method not found' },
  },
  insufficientPrivilege: {
    code: -32504,
    message: {
      ru: 'Недостаточно привилегий для выполнения метода',
      uz: 'Usulni bajarish uchun imtiyozlar yetarli emas',
      en: 'Insufficient privilege to perform this method',
    },
  },
  system: { code: -32400, message: { ru: 'Системная ошибка', uz: 'Tizim xatosi', en: 'System error' } },
  wrongAmount: {
    code: -31001,
    message: { ru: 'Неверная сумма', uz: "Noto'g'ri summa", en: 'Wrong amount' },
  },
  transactionNotFound: {
    code: -31003,
    message: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  },
  cannotCancel: {
    code: -31007,
    message: {
      ru: 'Заказ выполнен, отменить транзакцию нельзя',
      uz: "Buyurtma bajarilgan, tranzaksiyani bekor qilib bo'lmaydi",
      en: 'The order is fulfilled, the transaction cannot be cancelled',
    },
  },
  cannotPerform: {
    code: -31008,
    message: {
      ru: 'Невозможно выполнить операцию',
      uz: "Amalni bajarib bo'lmaydi",
      en: 'The operation cannot be performed',
    },
  },
  orderNotFound: {
    code: -31050,
    message: { ru: 'Счёт не найден', uz: 'Hisob topilmadi', en: 'Invoice not found' },
  },
  /** ChangePassword's new key is empty, too short or too long (§1.1; data "password"). */
  badPassword: {
    code: -31050,
    message: { ru: 'Неверный пароль', uz: "Noto'g'ri parol", en: 'Invalid password' },
  },
  /** SetFiscalData for a transaction we do not have (§1.4, secondhand). */
  receiptNotFound: {
    code: -32001,
    message: { ru: 'Чек не найден', uz: 'Chek topilmadi', en: 'Receipt not found' },
  },
} as const satisfies Record<string, { code: number; message: Localized }>
export type PaymeErrorName = keyof typeof PAYME_ERRORS

export type PaymeId = string | number | null
export type PaymeAnswer =
  | { jsonrpc: '2.0'; id: PaymeId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: PaymeId; error: { code: number; message: Localized; data?: string } }

export const paymeResult = (id: PaymeId, result: Record<string, unknown>): PaymeAnswer => ({
  jsonrpc: '2.0',
  id,
  result,
})

export const paymeError = (id: PaymeId, name: PaymeErrorName, data?: string): PaymeAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { ...PAYME_ERRORS[name], ...(data !== undefined && { data }) },
})

/** The SHA-256 (hex) of a merchant key: what payment_provider_keys holds. */
export const paymeKeyHash = (key: string) => createHash('sha256').update(key).digest('hex')

/** ChangePassword's bounds for a new key: at least PAYME_KEY's 8 characters, at most 128. */
export const PAYME_KEY_LENGTH = { min: 8, max: 128 } as const

/**
 * `Authorization: Basic base64("Paycom:" + key)` against the SHA-256 (hex) of the current key, in constant time.
 */
export function paymeAuthorizedHash(header: string | undefined, keyHash: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : ''
  const colon = given.indexOf(':')
  const login = colon < 0 ? '' : given.slice(0, colon)
  const password = colon < 0 ? '' : given.slice(colon + 1)
  const expected = Buffer.from(keyHash, 'hex')
  const digest = createHash('sha256').update(password).digest()
  const same = expected.length === digest.length && timingSafeEqual(digest, expected)
  return same && login === 'Paycom' && password.length > 0 && match !== null
}

/** `Authorization: Basic base64("Paycom:" + key)` against a key in clear (the configured or sandbox key). */
export const paymeAuthorized = (header: string | undefined, key: string): boolean =>
  key.length > 0 && paymeAuthorizedHash(header, paymeKeyHash(key))

export const paymeAuthHeader = (key: string) => `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`

/** SetFiscalData's receipt, as JSON text, is at most 16 KB. */
export const PAYME_FISCAL_DATA_MAX = 16 * 1024

const Amount = v.pipe(v.number(), v.safeInteger(), v.minValue(1))
const Millis = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const TransactionId = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
/** `account.order_id`: our invoice id, as Payme sends it (a string in the docs' examples, a number in some). */
const Account = v.object({ order_id: v.optional(v.union([v.string(), v.number()])) })

export const PAYME_PARAMS = {
  CheckPerformTransaction: v.object({ amount: Amount, account: Account }),
  CreateTransaction: v.object({ id: TransactionId, time: Millis, amount: Amount, account: Account }),
  PerformTransaction: v.object({ id: TransactionId }),
  CancelTransaction: v.object({
    id: TransactionId,
    reason: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
  }),
  CheckTransaction: v.object({ id: TransactionId }),
  GetStatement: v.object({ from: Millis, to: Millis }),
  /** The password is checked by the service (−31050 data "password"), not here (−32600). */
  ChangePassword: v.object({ password: v.optional(v.unknown()) }),
  SetFiscalData: v.object({
    id: TransactionId,
    type: v.picklist(['PERFORM', 'CANCEL']),
    fiscal_data: v.pipe(
      // An object, not an array (a record would copy one into an object).
      v.custom<object>((input) => typeof input === 'object' && input !== null && !Array.isArray(input)),
      v.record(v.string(), v.unknown()),
      v.check((data) => JSON.stringify(data).length <= PAYME_FISCAL_DATA_MAX),
    ),
  }),
} as const
export type PaymeMethod = keyof typeof PAYME_PARAMS
export type PaymeParams<M extends PaymeMethod> = v.InferOutput<(typeof PAYME_PARAMS)[M]>
export type PaymeCall = { [M in PaymeMethod]: { method: M; params: PaymeParams<M> } }[PaymeMethod]

const Envelope = v.object({
  method: v.string(),
  params: v.record(v.string(), v.unknown()),
  id: v.optional(v.union([v.number(), v.string(), v.null()])),
})

/**
 * The body as received -> one method call, or the error answer it gets (−32700, −32600, −32601). `id` is echoed
 * when it can be read.
 */
export function parsePaymeRequest(raw: string): { id: PaymeId; call: PaymeCall } | { answer: PaymeAnswer } {
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return { answer: paymeError(null, 'parse') }
  }
  const idOf = (value: unknown): PaymeId => {
    const id = (value as { id?: unknown } | null)?.id
    return typeof id === 'number' || typeof id === 'string' ? id : null
  }
  const envelope = v.safeParse(Envelope, body)
  if (!envelope.success) return { answer: paymeError(idOf(body), 'invalidRequest') }
  const id = envelope.output.id ?? null
  const { method } = envelope.output
  if (!Object.hasOwn(PAYME_PARAMS, method)) return { answer: paymeError(id, 'methodNotFound', method) }
  const params = v.safeParse(PAYME_PARAMS[method as PaymeMethod], envelope.output.params)
  if (!params.success) return { answer: paymeError(id, 'invalidRequest') }
  return { id, call: { method, params: params.output } as PaymeCall }
}

/** Our invoice id from `account.order_id`, or undefined when it cannot be one. */
export function paymeOrderId(account: { order_id?: string | number }): number | undefined {
  const raw = account.order_id
  const text = typeof raw === 'number' ? String(raw) : raw
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined
  const id = Number(text)
  return id >= 1 && id <= 2_147_483_647 ? id : undefined
}

/**
 * The GET checkout (§1.8): `<checkout_url>/base64("m=…;ac.order_id=…;a=<tiyin>;l=…;c=<return url>")`, standard
 * base64 with padding.
 */
export function paymeCheckoutUrl(options: {
  checkoutUrl: string
  merchantId: string
  orderId: number | string
  amount: number
  lang?: 'ru' | 'uz' | 'en'
  returnUrl?: string
}): string {
  const parts = [`m=${options.merchantId}`, `ac.order_id=${options.orderId}`, `a=${options.amount}`]
  if (options.lang) parts.push(`l=${options.lang}`)
  if (options.returnUrl) parts.push(`c=${options.returnUrl}`)
  return `${options.checkoutUrl.replace(/\/+$/, '')}/${Buffer.from(parts.join(';')).toString('base64')}`
}
