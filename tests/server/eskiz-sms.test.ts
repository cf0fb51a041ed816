import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { createEskizSms } from '#server/adapters/sms/eskiz-sms.ts'
import { SmsDeliveryError } from '#server/adapters/sms/sms-sender.ts'
import { nextPhone, sendCode } from '#tests/helpers/auth-flows.ts'
import { startFakeEskiz, type FakeEskiz } from '#tests/helpers/fake-eskiz.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

let eskiz: FakeEskiz
beforeAll(async () => {
  eskiz = await startFakeEskiz()
})
afterAll(async () => {
  await eskiz.close()
})
beforeEach(() => {
  Object.assign(eskiz.state, { refuseRefresh: false, failSending: false, sent: [], logins: 0, refreshes: 0 })
})

const adapter = (password = eskiz.credentials.password) =>
  createEskizSms({ baseUrl: eskiz.baseUrl, email: eskiz.credentials.email, password, from: '4546' })

describe('Eskiz adapter', () => {
  it('logs in once and sends every message with that token', async () => {
    const sms = adapter()
    await sms.send({ phone: '998901234567', text: 'Fika: 1234' })
    await sms.send({ phone: '998901234568', text: 'Fika: 5678' })
    expect(eskiz.state.logins).toBe(1)
    expect(eskiz.state.sent).toEqual([
      expect.objectContaining({ mobile_phone: '998901234567', message: 'Fika: 1234', from: '4546' }),
      expect.objectContaining({ mobile_phone: '998901234568', message: 'Fika: 5678' }),
    ])
  })

  it('refreshes an expired token and sends again', async () => {
    const sms = adapter()
    await sms.send({ phone: '998901234567', text: 'one' })
    eskiz.expireAllTokens()
    await sms.send({ phone: '998901234567', text: 'two' })
    expect(eskiz.state.refreshes).toBe(1)
    expect(eskiz.state.sent.map((m) => m.message)).toEqual(['one', 'two'])
  })

  it('logs in again when the refresh is refused', async () => {
    const sms = adapter()
    await sms.send({ phone: '998901234567', text: 'one' })
    eskiz.expireAllTokens()
    eskiz.state.refuseRefresh = true
    await sms.send({ phone: '998901234567', text: 'two' })
    expect(eskiz.state.logins).toBe(2)
    expect(eskiz.state.sent).toHaveLength(2)
  })

  it('fails with SmsDeliveryError on wrong credentials or a broken provider', async () => {
    await expect(adapter('wrong').send({ phone: '998901234567', text: 'x' })).rejects.toBeInstanceOf(
      SmsDeliveryError,
    )
    eskiz.state.failSending = true
    await expect(adapter().send({ phone: '998901234567', text: 'x' })).rejects.toThrow(/500/)
    const unreachable = createEskizSms({
      baseUrl: 'http://127.0.0.1:9/api',
      email: 'a',
      password: 'b',
      from: '4546',
    })
    await expect(unreachable.send({ phone: '998901234567', text: 'x' })).rejects.toBeInstanceOf(
      SmsDeliveryError,
    )
  })
})

describe('POST /sms/send with SMS_PROVIDER=eskiz', () => {
  const t = useTestApp({
    config: {
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: 'ops@fika.uz',
      ESKIZ_PASSWORD: 'eskiz-secret',
      // The fake's address is known only after it starts; the getter reads it when the app is built.
      get ESKIZ_BASE_URL() {
        return eskiz.baseUrl
      },
    },
  })

  it('sends the code through Eskiz and offers no dev inbox', async () => {
    const phone = nextPhone()
    const response = await sendCode(t, phone, 'register')
    expect(response.statusCode).toBe(200)
    expect(eskiz.state.sent).toHaveLength(1)
    expect(eskiz.state.sent[0]).toMatchObject({ mobile_phone: phone })
    expect(eskiz.state.sent[0]!.message).toMatch(/\b\d{4}\b/)
    const inbox = await t.inject({ method: 'GET', url: `${endpoints.devSms.path}?phone=${phone}` })
    expect(inbox.statusCode).toBe(404)
  })

  it('answers 502 sms_send_failed when Eskiz fails, and lets the person try again at once', async () => {
    eskiz.state.failSending = true
    const phone = nextPhone()
    const failed = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      payload: { phone, type: 'register' },
      headers: { 'accept-language': 'en' },
    })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().error).toMatchObject({
      type: 'server',
      code: 'sms_send_failed',
      message: 'The SMS could not be sent, try again later',
    })
    eskiz.state.failSending = false
    expect((await sendCode(t, phone, 'register')).statusCode).toBe(200)
  })
})
