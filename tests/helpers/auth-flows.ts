import { AUTH_PATH, endpoints, REFRESH_COOKIE } from '#contract/endpoints.ts'
import type { TestApp } from './test-app.ts'

export const PASSWORD = 'samarqand2026'

let phoneCounter = 0
/** A phone no other test of the file uses. */
export const nextPhone = () => `99890${String(1_000_000 + ++phoneCounter).slice(-7)}`

type Lang = 'ru' | 'oz' | 'uz' | 'en'

export async function sendCode(t: TestApp, phone: string, type: 'register' | 'reset_pass', ip = '10.0.0.1') {
  return t.inject({
    method: 'POST',
    url: endpoints.smsSend.path,
    payload: { phone, type },
    remoteAddress: ip,
  })
}

/** The last code the dev adapter "sent" to a phone, read the way an e2e test or a developer reads it. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const response = await t.inject({ method: 'GET', url: `${endpoints.devSms.path}?phone=${phone}` })
  const code = response.json<{ messages: { code: string }[] }>().messages[0]?.code
  if (!code) throw new Error(`no SMS was sent to ${phone}`)
  return code
}

export async function verifyCode(t: TestApp, requiredId: string, code: string, lang: Lang = 'ru') {
  return t.inject({
    method: 'POST',
    url: endpoints.smsVerify.path,
    payload: { required_id: requiredId, code },
    headers: { 'accept-language': lang },
  })
}

/** Sends and verifies a code; answers the verified required_id. */
export async function verifiedRequiredId(t: TestApp, phone: string, type: 'register' | 'reset_pass') {
  const sent = await sendCode(t, phone, type)
  if (sent.statusCode !== 200) throw new Error(`sms/send answered ${sent.statusCode}: ${sent.body}`)
  const requiredId = sent.json<{ required_id: string }>().required_id
  const verified = await verifyCode(t, requiredId, await lastCode(t, phone))
  if (verified.statusCode !== 200)
    throw new Error(`sms/verify answered ${verified.statusCode}: ${verified.body}`)
  return requiredId
}

export const registrationBody = (
  phone: string,
  requiredId: string,
  overrides: Record<string, unknown> = {},
) => ({
  name: 'Dilnoza',
  surname: 'Rahimova',
  username: phone,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  type: 'customer',
  required_id: requiredId,
  ...overrides,
})

export async function register(t: TestApp, options: { phone?: string; type?: 'customer' | 'executor' } = {}) {
  const phone = options.phone ?? nextPhone()
  const requiredId = await verifiedRequiredId(t, phone, 'register')
  const response = await t.inject({
    method: 'POST',
    url: endpoints.register.path,
    payload: registrationBody(phone, requiredId, { type: options.type ?? 'customer' }),
  })
  if (response.statusCode !== 200)
    throw new Error(`register answered ${response.statusCode}: ${response.body}`)
  return { phone, ...session(response) }
}

export async function login(
  t: TestApp,
  body: { username: string; password: string; type: string },
  ip = '10.0.0.1',
  lang: Lang = 'ru',
) {
  return t.inject({
    method: 'POST',
    url: endpoints.login.path,
    payload: body,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  })
}

type InjectResponse = Awaited<ReturnType<TestApp['inject']>>

/** The access token and refresh cookie an auth answer carries. */
export function session(response: InjectResponse) {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)
  return {
    token: response.json<{ token: string }>().token,
    refreshToken: cookie?.value ?? '',
    cookie,
  }
}

export const refresh = (t: TestApp, refreshToken: string, method: 'GET' | 'POST' = 'GET') =>
  t.inject({ method, url: `${AUTH_PATH}/refresh`, cookies: { [REFRESH_COOKIE]: refreshToken } })

export const getProfile = (t: TestApp, token: string, lang: Lang = 'ru') =>
  t.inject({
    method: 'GET',
    url: endpoints.profile.path,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  })
