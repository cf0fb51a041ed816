import { SmsDeliveryError, type SmsSender } from './sms-sender.ts'

type EskizOptions = {
  baseUrl: string
  email: string
  password: string
  from: string
  fetch?: typeof fetch
}

const REQUEST_TIMEOUT_MS = 10_000

/**
 * Eskiz.uz: log in with e-mail and password for a bearer token, send with it, and on a 401 refresh the token once
 * (or log in again when the refresh is refused) before giving up.
 */
export function createEskizSms(options: EskizOptions): SmsSender {
  const http = options.fetch ?? fetch
  let token: string | undefined

  async function call(method: string, path: string, body?: Record<string, string>, bearer?: string) {
    const form = new FormData()
    for (const [key, value] of Object.entries(body ?? {})) form.append(key, value)
    return http(`${options.baseUrl}${path}`, {
      method,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      body: body ? form : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  }

  async function tokenFrom(response: Response, what: string): Promise<string> {
    if (!response.ok) throw new SmsDeliveryError(`Eskiz ${what} answered ${response.status}`)
    const payload = (await response.json()) as { data?: { token?: string } }
    if (!payload.data?.token) throw new SmsDeliveryError(`Eskiz ${what} answered no token`)
    return payload.data.token
  }

  const login = async () =>
    (token = await tokenFrom(
      await call('POST', '/auth/login', { email: options.email, password: options.password }),
      'login',
    ))

  async function renew(): Promise<string> {
    if (token) {
      const refreshed = await call('PATCH', '/auth/refresh', undefined, token)
      if (refreshed.ok) return (token = await tokenFrom(refreshed, 'refresh'))
    }
    return login()
  }

  return {
    name: 'eskiz',
    async send({ phone, text }) {
      const message = { mobile_phone: phone, message: text, from: options.from }
      try {
        let response = await call('POST', '/message/sms/send', message, token ?? (await login()))
        if (response.status === 401)
          response = await call('POST', '/message/sms/send', message, await renew())
        if (!response.ok) throw new SmsDeliveryError(`Eskiz send answered ${response.status}`)
      } catch (error) {
        throw error instanceof SmsDeliveryError
          ? error
          : new SmsDeliveryError('Eskiz is unreachable', { cause: error })
      }
    },
  }
}
