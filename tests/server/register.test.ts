import { describe, expect, it } from 'vitest'
import { AUTH_PATH, endpoints, REFRESH_COOKIE } from '#contract/endpoints.ts'
import {
  getProfile,
  lastCode,
  nextPhone,
  register,
  registrationBody,
  sendCode,
  verifiedRequiredId,
} from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { translate, messageNumbers } from '#server/i18n/messages.ts'

const messageFor = (key: string) => translate(key, 'ru', (messageNumbers as Record<string, number>)[key])

const t = useTestApp()

const postRegister = (payload: Record<string, unknown>, lang = 'ru') =>
  t.inject({ method: 'POST', url: endpoints.register.path, payload, headers: { 'accept-language': lang } })

describe('POST /auth/register', () => {
  it('registers a verified phone and answers token and profile like login, with the refresh cookie', async () => {
    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    const response = await postRegister(
      registrationBody(
        `+998 ${phone.slice(3, 5)} ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`,
        requiredId,
        {
          type: 'executor',
          patronymic: 'Akmalovna',
          email: 'dilnoza@example.uz',
        },
      ),
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.token.split('.')).toHaveLength(3)
    expect(body.profile).toMatchObject({
      type: 'executor',
      name: 'Dilnoza',
      surname: 'Rahimova',
      patronymic: 'Akmalovna',
      username: phone,
      email: 'dilnoza@example.uz',
      verification: 0,
      gender: 'not_specified',
    })
    expect(body.profile.slug).toMatch(/^dilnoza-rahimova-\d+$/)
    expect(body.profile).not.toHaveProperty('password')
    expect(body.profile).not.toHaveProperty('passwordHash')
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: AUTH_PATH })
    expect((await getProfile(t, body.token)).json()).toMatchObject({ username: phone })
  })

  it('refuses a client that skipped verification: a sent but unverified required_id', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const response = await postRegister(registrationBody(phone, sent.json().required_id))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'sms_not_verified',
      fields: { required_id: [expect.any(String)] },
    })
  })

  it('refuses a required_id verified for another phone', async () => {
    const requiredId = await verifiedRequiredId(t, nextPhone(), 'register')
    const response = await postRegister(registrationBody(nextPhone(), requiredId))
    expect(response.json().error.code).toBe('sms_not_verified')
  })

  it('refuses a required_id verified for a password reset', async () => {
    const { phone } = await register(t)
    t.clock.advance(60)
    const resetId = await verifiedRequiredId(t, phone, 'reset_pass')
    const other = nextPhone()
    const response = await postRegister(registrationBody(other, resetId))
    expect(response.json().error.code).toBe('sms_not_verified')
  })

  it('uses a verified required_id once', async () => {
    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    expect((await postRegister(registrationBody(phone, requiredId))).statusCode).toBe(200)
    const again = await postRegister(registrationBody(phone, requiredId))
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('user_with_this_number')
  })

  it('refuses a verification older than 30 minutes', async () => {
    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    t.clock.advance(31 * 60)
    expect((await postRegister(registrationBody(phone, requiredId))).json().error.code).toBe(
      'sms_not_verified',
    )
  })

  it('answers 409 user_with_this_number in two languages for a phone already registered', async () => {
    const { phone } = await register(t)
    // A verification made before the first registration finished, replayed for the same phone.
    const response = await postRegister(registrationBody(phone, '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f'), 'en')
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      type: 'conflict',
      code: 'user_with_this_number',
      message: 'A user with this number already exists',
    })
  })

  it('answers 400 password_too_common for one of the most common passwords', async () => {
    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    const response = await postRegister(
      registrationBody(phone, requiredId, { password: 'qwerty123', password_confirmation: 'qwerty123' }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'password_too_common',
      fields: { password: ['Этот пароль слишком распространён, придумайте другой'] },
    })
    // The code was not spent on a refused form: the corrected form goes through.
    expect((await postRegister(registrationBody(phone, requiredId))).statusCode).toBe(200)
  })

  const id = '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f'
  const invalidCases: [string, Record<string, unknown>, string, string][] = [
    ['a missing name', { name: undefined }, 'name', 'name_required'],
    ['a blank name', { name: '   ' }, 'name', 'name_required'],
    ['a name over 25 characters', { name: 'A'.repeat(26) }, 'name', 'name_max'],
    ['a missing surname', { surname: undefined }, 'surname', 'surname_required'],
    ['a surname over 25 characters', { surname: 'B'.repeat(26) }, 'surname', 'surname_max'],
    ['a missing phone', { username: undefined }, 'username', 'phone_number_required'],
    ['a phone of another country', { username: '+7 916 123-45-67' }, 'username', 'correct_pnone_number'],
    ['a short phone', { username: '+998 90 123' }, 'username', 'correct_pnone_number'],
    ['a missing password', { password: undefined }, 'password', 'password_required'],
    ['a password under 6', { password: 'ab12', password_confirmation: 'ab12' }, 'password', 'password_least'],
    [
      'a password over 128',
      { password: 'a1'.repeat(65), password_confirmation: 'a1'.repeat(65) },
      'password',
      'password_max',
    ],
    [
      'a password without digits',
      { password: 'samarqand', password_confirmation: 'samarqand' },
      'password',
      'password_letters_digits',
    ],
    [
      'a password without letters',
      { password: '98765432', password_confirmation: '98765432' },
      'password',
      'password_letters_digits',
    ],
    [
      'a missing confirmation',
      { password_confirmation: undefined },
      'password_confirmation',
      'confirm_password',
    ],
    [
      'a different confirmation',
      { password_confirmation: 'buxoro2026' },
      'password_confirmation',
      'confirm_sameAsPassword',
    ],
    ['a missing type', { type: undefined }, 'type', 'type_required'],
    ['an unknown type', { type: 'admin' }, 'type', 'type_required'],
    ['a missing required_id', { required_id: undefined }, 'required_id', 'required_id_required'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'email_invalid'],
  ]
  it.each(invalidCases)(
    'answers 400 on %s with the spec key on the field',
    async (_, overrides, field, key) => {
      const response = await postRegister(registrationBody(nextPhone(), id, overrides))
      expect(response.statusCode).toBe(400)
      const error = response.json().error
      expect(error.type).toBe('validation')
      expect(Object.keys(error.fields)).toContain(field)
      expect(error.fields[field]).toHaveLength(1)
      expect(error.fields[field][0]).toBe(messageFor(key))
      expect(error.code).toBe(key)
    },
  )

  it('writes field messages in the language of the request, with the limit in them', async () => {
    const body = registrationBody(nextPhone(), id, {
      name: 'A'.repeat(26),
      password: 'ab1',
      password_confirmation: 'ab1',
    })
    const ru = (await postRegister(body, 'ru')).json().error.fields
    expect(ru.name).toEqual(['Имя не длиннее 25 символов'])
    expect(ru.password).toEqual(['Пароль должен содержать не менее 6 символов'])
    const oz = (await postRegister(body, 'oz')).json().error.fields
    expect(oz.name).toEqual(['Ism 25 ta belgidan oshmasligi kerak'])
    const uz = (await postRegister(body, 'uz')).json().error.fields
    expect(uz.password).toEqual(['Парол камида 6 та белгидан иборат бўлиши керак'])
  })

  it('keeps the code a person received usable after a validation error', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const code = await lastCode(t, phone)
    await postRegister(registrationBody(phone, sent.json().required_id, { name: '' }))
    const verified = await t.inject({
      method: 'POST',
      url: endpoints.smsVerify.path,
      payload: { required_id: sent.json().required_id, code },
    })
    expect(verified.statusCode).toBe(200)
  })
})
