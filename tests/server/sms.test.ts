import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { endpoints } from '#contract/endpoints.ts'
import { smsVerifications } from '#server/db/schema/auth.ts'
import { lastCode, nextPhone, register, sendCode, verifyCode } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

const requiredIdOf = (response: { json: <T>() => T }) => response.json<{ required_id: string }>().required_id
const wrongCodeFor = (code: string) => (code === '0000' ? '1111' : '0000')

describe('GET /sms/check', () => {
  const check = (phone: string, remoteAddress = '10.9.0.1') =>
    t.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=${phone}`, remoteAddress })

  it('answers one address 30 checks in ten minutes, so nobody lists our users by trying every number', async () => {
    for (let i = 0; i < 30; i++) expect((await check(nextPhone())).statusCode).toBe(200)
    const refused = await check(nextPhone(), '10.9.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('too_many_requests')
    expect(refused.headers['retry-after']).toBeDefined()
    // Another address keeps its own budget.
    expect((await check(nextPhone(), '10.9.0.2')).statusCode).toBe(200)
  })

  it('answers one phone 10 checks in ten minutes, from any number of addresses and in any spelling', async () => {
    const phone = nextPhone()
    for (let i = 0; i < 10; i++)
      expect((await check(i % 2 ? phone : phone.slice(3), `10.9.1.${i + 1}`)).statusCode).toBe(200)
    expect((await check(phone, '10.9.2.1')).statusCode).toBe(429)
    expect((await check(nextPhone(), '10.9.2.1')).statusCode).toBe(200)
  })

  it('answers status false for a new phone and true once it is registered', async () => {
    const phone = nextPhone()
    const before = await t.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=${phone}` })
    expect(before.json()).toEqual({ status: false })
    await register(t, { phone })
    const after = await t.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=${phone.slice(3)}` })
    expect(after.json()).toEqual({ status: true })
  })

  it('answers 400 correct_pnone_number for a number that is not Uzbek', async () => {
    const response = await t.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=79161234567` })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({ type: 'validation', code: 'correct_pnone_number' })
  })
})

describe('POST /sms/send', () => {
  it('answers a required_id and delivers a 4-digit code that is stored only as a hash', async () => {
    const phone = nextPhone()
    const response = await sendCode(t, phone, 'register')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: true, retry_after: 59 })
    const code = await lastCode(t, phone)
    expect(code).toMatch(/^\d{4}$/)
    const [row] = await t.db.db
      .select()
      .from(smsVerifications)
      .where(eq(smsVerifications.id, requiredIdOf(response)))
    expect(row!.codeHash).not.toContain(code)
    expect(row!.codeHash.length).toBeGreaterThan(20)
  })

  it('accepts the spec multipart form as well as JSON', async () => {
    const phone = nextPhone()
    const boundary = '----fika'
    const form = [
      `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n${phone}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nregister\r\n`,
      `--${boundary}--\r\n`,
    ].join('')
    const response = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    })
    expect(response.statusCode).toBe(200)
    expect(requiredIdOf(response)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('writes the SMS in the language of the request', async () => {
    const phone = nextPhone()
    await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      payload: { phone, type: 'register' },
      headers: { 'accept-language': 'uz' },
    })
    const inbox = await t.inject({ method: 'GET', url: `${endpoints.devSms.path}?phone=${phone}` })
    expect(inbox.json().messages[0].text).toContain('тасдиқлаш коди')
  })

  it('answers 409 user_with_this_number when a registered phone asks for a registration code', async () => {
    const { phone } = await register(t)
    t.clock.advance(60)
    const response = await sendCode(t, phone, 'register')
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      type: 'conflict',
      code: 'user_with_this_number',
      message: 'Пользователь с таким номером уже существует',
      fields: { phone: ['Пользователь с таким номером уже существует'] },
    })
  })

  it('answers 404 user_not_reg when an unknown phone asks for a reset code', async () => {
    const response = await sendCode(t, nextPhone(), 'reset_pass')
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toMatchObject({
      code: 'user_not_reg',
      message: 'Пользователь не зарегистрирован',
    })
  })

  it('answers 400 sms_type_invalid for an unknown purpose', async () => {
    const response = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      payload: { phone: nextPhone(), type: 'marketing' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toEqual({ type: ['Неизвестное назначение кода'] })
  })

  it('answers 429 with the seconds left when a new code is asked within 59 s', async () => {
    const phone = nextPhone()
    await sendCode(t, phone, 'register')
    t.clock.advance(20)
    const response = await sendCode(t, phone, 'register')
    expect(response.statusCode).toBe(429)
    expect(response.headers['retry-after']).toBe('39')
    expect(response.json().error).toMatchObject({
      type: 'rate_limited',
      code: 'sms_resend_too_soon',
      retry_after: 39,
      message: 'Новый код можно запросить через 39 с',
    })
    t.clock.advance(39)
    expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
  })

  it('allows 3 codes per phone in 10 minutes, then answers sms_limit_phone until the first leaves the window', async () => {
    const phone = nextPhone()
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
      t.clock.advance(60)
    }
    const fourth = await sendCode(t, phone, 'register')
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().error.code).toBe('sms_limit_phone')
    expect(fourth.json().error.retry_after).toBe(420)
    t.clock.advance(420)
    expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
  })

  it('allows 10 codes per phone in 24 hours', async () => {
    const phone = nextPhone()
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
      t.clock.advance(11 * 60)
    }
    const eleventh = await sendCode(t, phone, 'register')
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json().error.code).toBe('sms_limit_phone')
    t.clock.advance(24 * 3600)
    expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
  })

  it('allows 20 codes per client address in an hour, whatever the phones', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await sendCode(t, nextPhone(), 'register', '10.9.9.9')).statusCode).toBe(200)
    }
    const response = await sendCode(t, nextPhone(), 'register', '10.9.9.9')
    expect(response.statusCode).toBe(429)
    expect(response.json().error).toMatchObject({ code: 'sms_limit_ip' })
    expect((await sendCode(t, nextPhone(), 'register', '10.9.9.10')).statusCode).toBe(200)
  })
})

describe('POST /sms/verify', () => {
  it('answers isChecked for the right code', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const response = await verifyCode(t, requiredIdOf(sent), await lastCode(t, phone))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ isChecked: true })
  })

  it('answers 400 wrong_sms_code in the language asked for', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const wrong = wrongCodeFor(await lastCode(t, phone))
    const ru = await verifyCode(t, requiredIdOf(sent), wrong, 'ru')
    expect(ru.statusCode).toBe(400)
    expect(ru.json().error).toMatchObject({
      type: 'validation',
      code: 'wrong_sms_code',
      message: 'Неверный код из SMS, попробуйте ещё раз',
      fields: { code: ['Неверный код из SMS, попробуйте ещё раз'] },
    })
    const oz = await verifyCode(t, requiredIdOf(sent), wrong, 'oz')
    expect(oz.json().error.message).toBe("SMS kodi noto'g'ri, qaytadan urinib ko'ring")
  })

  it('refuses even the right code after 3 wrong tries of that code', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const code = await lastCode(t, phone)
    for (let i = 0; i < 3; i++) {
      expect((await verifyCode(t, requiredIdOf(sent), wrongCodeFor(code))).json().error.code).toBe(
        'wrong_sms_code',
      )
    }
    const response = await verifyCode(t, requiredIdOf(sent), code)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('sms_code_attempts_exceeded')
  })

  it('stops a phone after 10 wrong tries in 24 hours, and a new code does not reset the count', async () => {
    const phone = nextPhone()
    let requiredId = ''
    let code = ''
    for (let wrong = 0; wrong < 10; wrong++) {
      if (wrong % 3 === 0) {
        const sent = await sendCode(t, phone, 'register')
        expect(sent.statusCode).toBe(200)
        requiredId = requiredIdOf(sent)
        code = await lastCode(t, phone)
      }
      expect((await verifyCode(t, requiredId, wrongCodeFor(code))).json().error.code).toBe('wrong_sms_code')
      if (wrong % 3 === 2) t.clock.advance(11 * 60)
    }
    t.clock.advance(60)
    const fresh = await sendCode(t, phone, 'register')
    expect(fresh.statusCode).toBe(200)
    const blocked = await verifyCode(t, requiredIdOf(fresh), await lastCode(t, phone))
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatchObject({ type: 'rate_limited', code: 'sms_attempts_exhausted' })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('answers sms_code_expired for a code older than 5 minutes', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const code = await lastCode(t, phone)
    t.clock.advance(5 * 60 + 1)
    const response = await verifyCode(t, requiredIdOf(sent), code)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('sms_code_expired')
  })

  it('answers sms_code_expired for an id that was never issued', async () => {
    const response = await verifyCode(t, '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f', '1234')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('sms_code_expired')
  })

  it('answers the spec code keys for a malformed code', async () => {
    const phone = nextPhone()
    const requiredId = requiredIdOf(await sendCode(t, phone, 'register'))
    const cases = [
      ['', 'specify_sms_code'],
      ['12', 'sms_code_least_min'],
      ['12345', 'sms_code_least_max'],
    ] as const
    for (const [code, key] of cases) {
      const response = await verifyCode(t, requiredId, code)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe(key)
    }
    const missing = await t.inject({
      method: 'POST',
      url: endpoints.smsVerify.path,
      payload: { code: '1234' },
    })
    expect(missing.json().error.code).toBe('required_id_required')
  })
})
