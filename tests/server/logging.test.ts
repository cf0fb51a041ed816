import { describe, expect, it } from 'vitest'
import { endpoints, REFRESH_COOKIE } from '#contract/endpoints.ts'
import {
  lastCode,
  nextPhone,
  PASSWORD,
  registrationBody,
  sendCode,
  verifyCode,
} from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const lines: string[] = []
const t = useTestApp({
  config: { LOG_LEVEL: 'info', SMS_PROVIDER: 'dev' },
  deps: { logStream: { write: (line: string) => void lines.push(line) } },
})

describe('request logging', () => {
  it('logs requests with phones masked and never a password, code or token', async () => {
    const phone = nextPhone()
    await t.inject({ method: 'GET', url: `${endpoints.smsCheck.path}?phone=${phone}` })
    const sent = await sendCode(t, phone, 'register')
    const requiredId = sent.json().required_id
    const code = await lastCode(t, phone)
    await verifyCode(t, requiredId, code)
    const registered = await t.inject({
      method: 'POST',
      url: endpoints.register.path,
      payload: registrationBody(phone, requiredId),
    })
    const token = registered.json().token as string
    const refreshToken = registered.cookies.find((c) => c.name === REFRESH_COOKIE)!.value
    await t.inject({
      method: 'GET',
      url: endpoints.profile.path,
      headers: { authorization: `Bearer ${token}` },
    })

    const requestLines = lines.filter((line) => !line.includes('"dev SMS"'))
    const log = requestLines.join('\n')
    expect(log).toContain('/api/fika/freelancer/sms/check?phone=')
    expect(log).toContain(`${phone.slice(0, 5)}*****${phone.slice(-2)}`)
    for (const secret of [phone, PASSWORD, token, refreshToken, requiredId]) expect(log).not.toContain(secret)
    expect(log).not.toMatch(new RegExp(`"code":"${code}"|code=${code}`))
    // The dev adapter shows the message to the developer (that is its job), but with the phone masked.
    const devLine = lines.find((line) => line.includes('"dev SMS"'))!
    expect(devLine).toContain(code)
    expect(devLine).not.toContain(phone)
  })
})
