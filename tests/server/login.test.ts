import { describe, expect, it } from 'vitest'
import { getProfile, login, nextPhone, PASSWORD, register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

describe('POST /auth/login', () => {
  it('logs in as customer and answers token and profile', async () => {
    const { phone } = await register(t, { type: 'executor' })
    const response = await login(t, { username: phone, password: PASSWORD, type: 'customer' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.profile).toMatchObject({ username: phone, type: 'customer' })
    expect((await getProfile(t, body.token)).json().type).toBe('customer')
  })

  it('logs in as executor with the phone typed in the mask, and keeps executor as the mode', async () => {
    const { phone } = await register(t)
    const masked = `+998 ${phone.slice(3, 5)} ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`
    const response = await login(t, { username: masked, password: PASSWORD, type: 'executor' })
    expect(response.statusCode).toBe(200)
    expect(response.json().profile.type).toBe('executor')
  })

  it('answers 400 auth with the same message for a wrong password and an unknown phone', async () => {
    const { phone } = await register(t)
    const wrongPassword = await login(t, { username: phone, password: 'toshkent2026', type: 'customer' })
    const unknownPhone = await login(t, { username: nextPhone(), password: PASSWORD, type: 'customer' })
    for (const response of [wrongPassword, unknownPhone]) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: { type: 'auth', code: 'wrong_credentials', message: 'Неверный номер телефона или пароль' },
      })
    }
    const en = await login(
      t,
      { username: phone, password: 'toshkent2026', type: 'customer' },
      '10.0.0.1',
      'en',
    )
    expect(en.json().error.message).toBe('Wrong phone number or password')
  })

  it.each([
    ['username', { password: PASSWORD, type: 'customer' }, 'phone_number_required'],
    ['password', { username: '998901234567', type: 'customer' }, 'password_required'],
    ['type', { username: '998901234567', password: PASSWORD }, 'type_required'],
    ['type', { username: '998901234567', password: PASSWORD, type: 'admin' }, 'type_required'],
  ])('answers 400 validation on %s with the spec key', async (field, body, key) => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/fika/freelancer/v1.0.1/auth/login',
      payload: body,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      type: 'validation',
      code: key,
      fields: { [field]: [expect.any(String)] },
    })
  })

  it('allows 10 failed logins per phone in 15 minutes, then answers 429 even for the right password', async () => {
    const { phone } = await register(t)
    for (let i = 0; i < 10; i++) {
      const ip = `10.1.0.${i}`
      expect(
        (await login(t, { username: phone, password: `wrong${i}pass`, type: 'customer' }, ip)).statusCode,
      ).toBe(400)
    }
    const blocked = await login(t, { username: phone, password: PASSWORD, type: 'customer' }, '10.1.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatchObject({
      type: 'rate_limited',
      code: 'too_many_login_attempts',
      retry_after: 900,
    })
    expect(blocked.headers['retry-after']).toBe('900')
    t.clock.advance(15 * 60)
    expect(
      (await login(t, { username: phone, password: PASSWORD, type: 'customer' }, '10.1.1.1')).statusCode,
    ).toBe(200)
  })

  it('allows 30 failed logins per address in 15 minutes, whatever the phones', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await login(
        t,
        { username: nextPhone(), password: 'wrong1pass', type: 'customer' },
        '10.2.2.2',
      )
      expect(response.statusCode).toBe(400)
    }
    const { phone } = await register(t)
    const blocked = await login(t, { username: phone, password: PASSWORD, type: 'customer' }, '10.2.2.2')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.code).toBe('too_many_login_attempts')
    expect(
      (await login(t, { username: phone, password: PASSWORD, type: 'customer' }, '10.2.2.3')).statusCode,
    ).toBe(200)
  })
})
