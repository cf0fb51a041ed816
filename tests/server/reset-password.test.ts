import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import {
  getProfile,
  lastCode,
  login,
  nextPhone,
  PASSWORD,
  refresh,
  register,
  sendCode,
  verifiedRequiredId,
} from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
const NEW_PASSWORD = 'navoiy2027'

const postReset = (payload: Record<string, unknown>, lang = 'ru') =>
  t.inject({
    method: 'POST',
    url: endpoints.resetPassword.path,
    payload,
    headers: { 'accept-language': lang },
  })

/** The spec's reset form: the phone without 998, the code, and the passwords. */
const resetBody = (
  phone: string,
  requiredId: string,
  smsCode: string,
  overrides: Record<string, unknown> = {},
) => ({
  phone: phone.slice(3),
  username: phone.slice(3),
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  smsCode,
  type: 'customer',
  required_id: requiredId,
  ...overrides,
})

async function registeredWithResetCode(type: 'customer' | 'executor' = 'executor') {
  const account = await register(t, { type })
  t.clock.advance(60)
  const requiredId = await verifiedRequiredId(t, account.phone, 'reset_pass')
  return { ...account, requiredId, code: await lastCode(t, account.phone) }
}

describe('POST /auth/password', () => {
  it('sets the new password, logs in as customer and ends the other sessions', async () => {
    const account = await registeredWithResetCode('executor')
    const response = await postReset(resetBody(account.phone, account.requiredId, account.code))
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ status: true, profile: { username: account.phone, type: 'customer' } })
    expect((await getProfile(t, body.token)).statusCode).toBe(200)
    expect((await getProfile(t, account.token)).statusCode).toBe(401)
    expect((await refresh(t, account.refreshToken)).statusCode).toBe(401)
    expect(
      (await login(t, { username: account.phone, password: PASSWORD, type: 'customer' })).statusCode,
    ).toBe(400)
    expect(
      (await login(t, { username: account.phone, password: NEW_PASSWORD, type: 'customer' })).statusCode,
    ).toBe(200)
  })

  it('answers 404 user_not_reg for a phone nobody registered, in two languages', async () => {
    const ru = await postReset(resetBody(nextPhone(), '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f', '1234'))
    expect(ru.statusCode).toBe(404)
    expect(ru.json().error).toMatchObject({
      type: 'not_found',
      code: 'user_not_reg',
      message: 'Пользователь не зарегистрирован',
    })
    const oz = await postReset(resetBody(nextPhone(), '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f', '1234'), 'oz')
    expect(oz.json().error.message).toBe("Foydalanuvchi ro'yxatdan o'tmagan")
  })

  it('refuses a reset whose code was sent but never verified', async () => {
    const account = await register(t)
    t.clock.advance(60)
    const sent = await sendCode(t, account.phone, 'reset_pass')
    const code = await lastCode(t, account.phone)
    const response = await postReset(resetBody(account.phone, sent.json().required_id, code))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('sms_not_verified')
  })

  it('refuses a registration code used for a reset', async () => {
    const phone = nextPhone()
    const registrationId = await verifiedRequiredId(t, phone, 'register')
    const code = await lastCode(t, phone)
    await register(t, { phone: nextPhone() })
    const response = await postReset(resetBody(phone, registrationId, code))
    expect([400, 404]).toContain(response.statusCode)
    expect(['sms_not_verified', 'user_not_reg']).toContain(response.json().error.code)
  })

  it('answers wrong_sms_code on smsCode when the form carries another code', async () => {
    const account = await registeredWithResetCode()
    const wrong = account.code === '0000' ? '1111' : '0000'
    const response = await postReset(resetBody(account.phone, account.requiredId, wrong))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'wrong_sms_code',
      fields: { smsCode: [expect.any(String)] },
    })
  })

  it('uses a reset code once', async () => {
    const account = await registeredWithResetCode()
    expect((await postReset(resetBody(account.phone, account.requiredId, account.code))).statusCode).toBe(200)
    const again = await postReset(
      resetBody(account.phone, account.requiredId, account.code, {
        password: 'fargona2028',
        password_confirmation: 'fargona2028',
      }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json().error.code).toBe('sms_code_expired')
  })

  const id = '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f'
  it.each([
    ['phone', { phone: undefined }, 'phone_number_required'],
    ['phone', { phone: '90 123' }, 'correct_pnone_number'],
    ['password', { password: '' }, 'specify_password'],
    ['password', { password: 'a1b2', password_confirmation: 'a1b2' }, 'password_least'],
    ['smsCode', { smsCode: '' }, 'specify_sms_code'],
    ['smsCode', { smsCode: '123' }, 'sms_code_least_min'],
    ['smsCode', { smsCode: '12345' }, 'sms_code_least_max'],
    ['password_confirmation', { password_confirmation: '' }, 'confirm_password'],
    ['password_confirmation', { password_confirmation: 'other2026' }, 'confirm_sameAsPassword'],
    ['type', { type: undefined }, 'specify_type_user'],
    ['type', { type: 'admin' }, 'type_required'],
  ])('answers 400 on %s with the spec key %s', async (field, overrides, key) => {
    const response = await postReset(resetBody('998901234567', id, '1234', overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      type: 'validation',
      code: key,
      fields: { [field]: [expect.any(String)] },
    })
  })

  it('answers password_too_common for a common new password without spending the code', async () => {
    const account = await registeredWithResetCode()
    const common = await postReset(
      resetBody(account.phone, account.requiredId, account.code, {
        password: 'password1',
        password_confirmation: 'password1',
      }),
    )
    expect(common.json().error.code).toBe('password_too_common')
    expect((await postReset(resetBody(account.phone, account.requiredId, account.code))).statusCode).toBe(200)
  })
})
