import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { endpoints, REFRESH_COOKIE, V1 } from '#contract/endpoints.ts'
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
  catalogue: true,
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

  it('logs a failed SQL statement without its parameters: no name, text, address, phone or id of the order', async () => {
    const { register } = await import('#tests/helpers/auth-flows.ts')
    const { token } = await register(t, { type: 'customer' })
    const customerId = String((await t.call('GET', '/profile', { token })).json().id)
    const category = await t.inject({
      method: 'GET',
      url: `${V1}/categories/mastera-po-remontu/restnew/elektrika`,
    })
    // The database breaks under the request: the insert fails inside SQL with every value as a parameter.
    await t.db.db.execute(sql`alter table orders add constraint sabotage check (length(name) < 3)`)
    lines.length = 0
    const secrets = {
      name: 'Ремонт у Камолы Турсуновой',
      description: 'Звоните +998 90 123 45 67 или 998901234567 после шести',
      area: 'Яккасарайский район, Ташкент',
      address: 'улица Шота Руставели, 44, кв. 12',
    }
    const response = await t.call(
      'POST',
      '/orders',
      { token },
      {
        services: [category.json().id],
        at_customer: true,
        lat: 41.2917263,
        lng: 69.2451923,
        ...secrets,
      },
    )
    await t.db.db.execute(sql`alter table orders drop constraint sabotage`)
    expect(response.statusCode).toBe(500)
    expect(response.json().error.code).toBe('error_occurred')
    const log = lines.join('\n')
    // The failure is logged, with what a developer needs: the statement with placeholders and the SQL state.
    expect(log).toContain('request failed')
    expect(log).toContain('insert into')
    expect(log).toContain('"code":"23514"')
    for (const value of [
      ...Object.values(secrets),
      '998901234567',
      '123 45 67',
      '41.2917263',
      '69.2451923',
    ]) {
      expect(log).not.toContain(value)
    }
    expect(log).toContain('violates check constraint \\"sabotage\\"')
    expect(log).not.toContain('params')
    expect(log).not.toContain(`"customerId":${customerId}`)
  })
})

describe('payment logging', () => {
  it('never logs a provider key, the Authorization header, a signature or a request body', async () => {
    const { user } = await import('#tests/helpers/specialists.ts')
    const { checkout } = await import('#tests/helpers/wallet.ts')
    const { fakePayme, paymeId } = await import('#tests/helpers/fake-payme.ts')
    const { fakeClick, clickTransId } = await import('#tests/helpers/fake-click.ts')
    const keys = t.app.services.wallet.keys
    const executor = await user(t, 'executor')
    const payme = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    const fake = fakePayme(t, keys.payme.key)
    const id = paymeId()
    await fake.create(id, payme.invoice_id, payme.amount, Date.now())
    await fake.perform(id)
    await fake.call('CheckTransaction', { id: 'x'.repeat(200) })
    const click = await checkout(t, executor, { plan: 'master', months: 1, provider: 'click' })
    const fakeC = fakeClick(t, keys.click.secret, keys.click.serviceId)
    const clickId = clickTransId()
    const fields = fakeC.fields(
      { clickTransId: clickId, invoiceId: click.invoice_id, amount: '99000.00' },
      '0',
    )
    const prepared = await fakeC.post('/api/payments/click/prepare', fields)
    expect(prepared.error).toBe(0)

    const log = lines.join('\n')
    expect(log).toContain('/api/payments/payme')
    expect(log).toContain('/api/payments/click/prepare')
    for (const secret of [
      keys.payme.key,
      keys.click.secret,
      Buffer.from(`Paycom:${keys.payme.key}`).toString('base64'),
      fields.sign_string,
    ])
      expect(log).not.toContain(secret)
    // The transaction ids are short digits (Click) or hex (Payme): found as values of their own, not inside another
    // number such as a response time of 4.9219750000011 ms.
    for (const transaction of [id, clickId])
      expect(log).not.toMatch(new RegExp(`(?<![\\w.])${transaction}(?![\\w.])`))
  })
})
