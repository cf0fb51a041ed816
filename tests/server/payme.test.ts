import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymeAuthorized, paymeCheckoutUrl } from '#server/adapters/payments/payme.ts'
import { planPeriods } from '#server/db/schema/wallet.ts'
import { fakePayme, paymeId, PAYME_TEST_KEY, PAYME_TEST_MERCHANT } from '#tests/helpers/fake-payme.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, relogin, walletOf } from '#tests/helpers/wallet.ts'

/** Payme Merchant API against a local fake Payme (research/integrations.md §1.9, §1.11). */
const t = useTestApp({
  config: {
    PAYME_KEY: PAYME_TEST_KEY,
    PAYME_MERCHANT_ID: PAYME_TEST_MERCHANT,
    RATE_LIMIT_PER_MINUTE: 1_000_000,
  },
})

const MASTER_MONTH = 99_000 * 100
const HOUR = 3_600_000

async function invoiceFor(caller?: Caller, plan = 'master', months = 1) {
  const executor = caller ?? (await user(t, 'executor'))
  const bought = await checkout(t, executor, { plan, months, provider: 'payme' })
  return { executor, invoice: bought.invoice_id, amount: bought.amount, url: bought.url }
}
const now = () => t.clock.now().getTime()

describe('authorisation (§1.11 test 1)', () => {
  it('refuses a missing header, a wrong key, an empty key and a wrong login with −32504, HTTP 200, the id echoed', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    const params = { amount, account: { order_id: String(invoice) } }
    for (const auth of [
      null,
      payme.authorization('Paycom', 'wrong-key'),
      payme.authorization('Paycom', ''),
      payme.authorization('Payme', PAYME_TEST_KEY),
      'Bearer something',
    ]) {
      const answer = await payme.call('CheckPerformTransaction', params, auth)
      expect(answer.error?.code).toBe(-32504)
      expect(answer.error?.message.ru).toBeTruthy()
      expect(answer.result).toBeUndefined()
    }
    // Every method is refused the same way (sandbox scenario 1, "invalid authorization").
    for (const method of [
      'CreateTransaction',
      'PerformTransaction',
      'CancelTransaction',
      'CheckTransaction',
      'GetStatement',
    ]) {
      const answer = await payme.call(method, { id: paymeId() }, payme.authorization('Paycom', 'wrong'))
      expect(answer.error?.code, method).toBe(-32504)
    }
  })

  it('accepts the README test vector and compares in constant time', () => {
    expect(paymeAuthorized('Basic UGF5Y29tOktleUZyb21NZXJjaGFudENhYmluZXQ=', 'KeyFromMerchantCabinet')).toBe(
      true,
    )
    expect(paymeAuthorized('Basic UGF5Y29tOktleUZyb21NZXJjaGFudENhYmluZXQ=', 'KeyFromMerchantCabinet2')).toBe(
      false,
    )
    expect(paymeAuthorized(undefined, 'KeyFromMerchantCabinet')).toBe(false)
  })
})

describe('protocol (§1.11 test 2)', () => {
  it('answers −32300 to GET, −32700 to broken JSON, −32600 to a bad envelope, −32601 with the method name', async () => {
    const payme = fakePayme(t)
    const get = await payme.raw({ body: '', method: 'GET' })
    expect(get.status).toBe(200)
    expect(get.json.error?.code).toBe(-32300)
    const broken = await payme.raw({ body: '{' })
    expect(broken.status).toBe(200)
    expect(broken.json.error?.code).toBe(-32700)
    const noMethod = await payme.raw({ body: JSON.stringify({ params: {}, id: 5 }) })
    expect(noMethod.json).toMatchObject({ id: 5, error: { code: -32600 } })
    const noParams = await payme.raw({ body: JSON.stringify({ method: 'CheckTransaction', id: 6 }) })
    expect(noParams.json.error?.code).toBe(-32600)
    const badParams = await payme.call('CheckPerformTransaction', { amount: 'lots', account: {} })
    expect(badParams.error?.code).toBe(-32600)
    const unknown = await payme.call('Foo', {})
    expect(unknown.error).toMatchObject({ code: -32601, data: 'Foo' })
  })
})

describe('CheckPerformTransaction (§1.11 test 3)', () => {
  it('allows a payable invoice, refuses a wrong amount, an unknown order and a paid one', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    expect((await payme.checkPerform(invoice, amount)).result).toEqual({ allow: true })
    expect((await payme.checkPerform(invoice, amount + 100)).error?.code).toBe(-31001)
    const unknown = await payme.checkPerform(999_999, amount)
    expect(unknown.error?.code).toBe(-31050)
    expect(unknown.error?.data).toBe('order_id')
    expect(unknown.error?.message).toEqual({
      ru: expect.any(String),
      uz: expect.any(String),
      en: expect.any(String),
    })
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    await payme.perform(id)
    expect((await payme.checkPerform(invoice, amount)).error?.code).toBe(-31008)
  })

  it('does not take a Click invoice', async () => {
    const payme = fakePayme(t)
    const executor = await user(t, 'executor')
    const click = await checkout(t, executor, { plan: 'starter', months: 1, provider: 'click' })
    expect((await payme.checkPerform(click.invoice_id, click.amount)).error?.code).toBe(-31050)
  })
})

describe('CreateTransaction (§1.11 test 4)', () => {
  it('creates in state 1 and answers a repeat byte for byte', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    const id = paymeId()
    const time = now()
    const first = await payme.raw({
      body: JSON.stringify({
        method: 'CreateTransaction',
        params: { id, time, amount, account: { order_id: String(invoice) } },
        id: 1,
      }),
    })
    expect(first.json.result).toMatchObject({ state: 1, create_time: now(), receivers: null })
    expect(typeof first.json.result?.transaction).toBe('string')
    t.clock.advance(60)
    const again = await payme.raw({
      body: JSON.stringify({
        method: 'CreateTransaction',
        params: { id, time, amount, account: { order_id: String(invoice) } },
        id: 1,
      }),
    })
    expect(again.body).toBe(first.body)
  })

  it('refuses a new id for an order awaiting payment with −31008', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    await payme.create(paymeId(), invoice, amount, now())
    expect((await payme.create(paymeId(), invoice, amount, now())).error?.code).toBe(-31008)
  })

  it('refuses a wrong amount and an unknown order', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    expect((await payme.create(paymeId(), invoice, amount - 1, now())).error?.code).toBe(-31001)
    const unknown = await payme.create(paymeId(), 424242, amount, now())
    expect(unknown.error).toMatchObject({ code: -31050, data: 'order_id' })
  })

  it('cancels a transaction older than 12 hours (by Payme time) with reason 4 and answers −31008', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    const id = paymeId()
    const time = now()
    await payme.create(id, invoice, amount, time)
    t.clock.advance(12 * 3600 + 1)
    expect((await payme.create(id, invoice, amount, time)).error?.code).toBe(-31008)
    const checked = await payme.check(id)
    expect(checked.result).toMatchObject({ state: -1, reason: 4, cancel_time: now() })
    // The order is released: a new transaction is accepted.
    expect((await payme.create(paymeId(), invoice, amount, now())).result?.state).toBe(1)
  })
})

describe('PerformTransaction (§1.11 test 5)', () => {
  it('answers −31003 for an unknown transaction', async () => {
    const payme = fakePayme(t)
    expect((await payme.perform(paymeId())).error?.code).toBe(-31003)
  })

  it('performs, activates the plan once, and answers a repeat identically', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    const first = await payme.perform(id)
    expect(first.result).toMatchObject({ state: 2, perform_time: now() })
    t.clock.advance(30)
    const again = await payme.perform(id)
    expect(again.result).toEqual(first.result)
    const wallet = await walletOf(t, executor)
    expect(wallet.plan).toBe('master')
    expect(wallet.until).toBe('2026-12-21T09:00:00.000Z')
    expect(wallet.features).toContain('statistics')
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    const invoiceState = await send(t, 'GET', `/wallet/invoices/${invoice}`, executor)
    expect(invoiceState.json()).toMatchObject({ status: 'paid', paid_at: '2026-11-21T09:00:00.000Z' })
    await expectLedgerConsistent(t, [executor])
  })

  it('refuses a cancelled transaction and an expired one (which it cancels with reason 4)', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    const cancelled = paymeId()
    await payme.create(cancelled, invoice, amount, now())
    await payme.cancel(cancelled, 3)
    expect((await payme.perform(cancelled)).error?.code).toBe(-31008)
    const late = paymeId()
    await payme.create(late, invoice, amount, now())
    t.clock.advance(12 * 3600 + 5)
    expect((await payme.perform(late)).error?.code).toBe(-31008)
    expect((await payme.check(late)).result).toMatchObject({ state: -1, reason: 4 })
  })
})

describe('CancelTransaction (§1.11 test 6)', () => {
  it('cancels a waiting transaction (−1), releases the order, and answers a repeat identically', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    const first = await payme.cancel(id, 3)
    expect(first.result).toMatchObject({ state: -1, cancel_time: now() })
    t.clock.advance(10)
    expect((await payme.cancel(id, 3)).result).toEqual(first.result)
    expect((await send(t, 'GET', `/wallet/invoices/${invoice}`, executor)).json().status).toBe('canceled')
    expect((await payme.create(paymeId(), invoice, amount, now())).result?.state).toBe(1)
    expect((await send(t, 'GET', `/wallet/invoices/${invoice}`, executor)).json().status).toBe('pending')
  })

  it('refunds a performed transaction (−2): the plan days are removed, the ledger gets the refund', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    await payme.perform(id)
    t.clock.advance(3600)
    const first = await payme.cancel(id, 5)
    expect(first.result).toMatchObject({ state: -2, cancel_time: now() })
    expect((await payme.cancel(id, 5)).result).toEqual(first.result)
    expect((await payme.check(id)).result).toMatchObject({ state: -2, reason: 5 })
    const wallet = await walletOf(t, executor)
    expect(wallet.plan).toBeNull()
    expect(wallet.balance).toBe(0)
    const fresh = await relogin(t, executor)
    expect((await send(t, 'GET', `/wallet/invoices/${invoice}`, fresh)).json().status).toBe('refunded')
    await expectLedgerConsistent(t, [executor])
  })

  it('moves the plans queued after a refunded one earlier, so no later paid day is lost', async () => {
    const payme = fakePayme(t)
    const executor = await user(t, 'executor')
    const pay = async (plan: string, months: number) => {
      const { invoice, amount } = await invoiceFor(executor, plan, months)
      const id = paymeId()
      await payme.create(id, invoice, amount, now())
      await payme.perform(id)
      return id
    }
    const first = await pay('master', 1)
    await pay('professional', 2)
    expect((await walletOf(t, executor)).periods.map((p) => [p.plan, p.starts_at, p.ends_at])).toEqual([
      ['master', '2026-11-21T09:00:00.000Z', '2026-12-21T09:00:00.000Z'],
      ['professional', '2026-12-21T09:00:00.000Z', '2027-02-21T09:00:00.000Z'],
    ])
    t.clock.advance(24 * 3600)
    await payme.cancel(first, 5)
    const wallet = await walletOf(t, executor)
    expect(wallet.plan).toBe('professional')
    expect(wallet.periods[0]).toMatchObject({ starts_at: '2026-11-22T09:00:00.000Z' })
    // Two months of professional are still two months (59 days from 22 November).
    expect(Date.parse(wallet.periods[0]!.ends_at) - Date.parse(wallet.periods[0]!.starts_at)).toBe(
      Date.parse('2027-02-21T09:00:00.000Z') - Date.parse('2026-12-21T09:00:00.000Z'),
    )
    await expectLedgerConsistent(t, [executor])
  })

  it('answers −31003 for an unknown transaction', async () => {
    expect((await fakePayme(t).cancel(paymeId(), 3)).error?.code).toBe(-31003)
  })
})

describe('CheckTransaction (§1.11 test 7)', () => {
  it('answers each state with 0 for unset times and null for no reason', async () => {
    const payme = fakePayme(t)
    const { invoice, amount } = await invoiceFor()
    const id = paymeId()
    const created = await payme.create(id, invoice, amount, now())
    expect((await payme.check(id)).result).toEqual({
      create_time: now(),
      perform_time: 0,
      cancel_time: 0,
      transaction: created.result?.transaction,
      state: 1,
      reason: null,
    })
    t.clock.advance(5)
    await payme.perform(id)
    expect((await payme.check(id)).result).toMatchObject({
      state: 2,
      perform_time: now(),
      cancel_time: 0,
      reason: null,
    })
    t.clock.advance(5)
    await payme.cancel(id, 5)
    expect((await payme.check(id)).result).toMatchObject({ state: -2, cancel_time: now(), reason: 5 })
    expect((await payme.check(paymeId())).error?.code).toBe(-31003)
  })
})

describe('GetStatement (§1.11 test 8)', () => {
  it('answers the transactions with Payme time in [from, to], ascending, with every field', async () => {
    const payme = fakePayme(t)
    const executor = await user(t, 'executor')
    const ids: string[] = []
    const times = [now() - 3 * HOUR, now() - 2 * HOUR, now() - HOUR]
    for (const time of times) {
      const { invoice, amount } = await invoiceFor(executor)
      const id = paymeId()
      ids.push(id)
      await payme.create(id, invoice, amount, time)
    }
    await payme.perform(ids[1]!)
    const statement = await payme.statement(times[0]!, times[1]!)
    const rows = statement.result?.transactions as Record<string, unknown>[]
    expect(rows.map((row) => row.id)).toEqual([ids[0], ids[1]])
    expect(rows[1]).toEqual({
      id: ids[1],
      time: times[1],
      amount: MASTER_MONTH,
      account: { order_id: expect.any(String) },
      create_time: now(),
      perform_time: now(),
      cancel_time: 0,
      transaction: expect.any(String),
      state: 2,
      reason: null,
      receivers: null,
    })
    expect((await payme.statement(now() + HOUR, now() + 2 * HOUR)).result).toEqual({ transactions: [] })
  })
})

describe('concurrency (§1.11 test 9)', () => {
  it('two PerformTransaction at once: one activation, identical answers', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    const answers = await Promise.all([payme.perform(id), payme.perform(id), payme.perform(id)])
    expect(answers[0]!.result?.state).toBe(2)
    expect(answers[1]!.result).toEqual(answers[0]!.result)
    expect(answers[2]!.result).toEqual(answers[0]!.result)
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    await expectLedgerConsistent(t, [executor])
  })

  it('twenty callers at once, repeating Create then Perform: one transaction, one activation, identical answers', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    const time = now()
    const created = await Promise.all(
      Array.from({ length: 20 }, () => payme.create(id, invoice, amount, time)),
    )
    for (const answer of created) expect(answer.result).toEqual(created[0]!.result)
    const performed = await Promise.all(Array.from({ length: 20 }, () => payme.perform(id)))
    for (const answer of performed) expect(answer.result).toEqual(performed[0]!.result)
    expect(performed[0]!.result?.state).toBe(2)
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    await expectLedgerConsistent(t, [executor])
  })

  it('Perform and Cancel racing: the transaction ends in one consistent state', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = paymeId()
    await payme.create(id, invoice, amount, now())
    await Promise.all([payme.perform(id), payme.cancel(id, 3), payme.perform(id), payme.cancel(id, 3)])
    const state = (await payme.check(id)).result?.state
    expect([-1, -2]).toContain(state)
    expect((await walletOf(t, executor)).plan).toBeNull()
    await expectLedgerConsistent(t, [executor])
  })

  it('two invoices of one person paid at once chain their periods without overlap', async () => {
    const payme = fakePayme(t)
    const executor = await user(t, 'executor')
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const { invoice, amount } = await invoiceFor(executor)
      const id = paymeId()
      ids.push(id)
      await payme.create(id, invoice, amount, now())
    }
    await Promise.all(ids.map((id) => payme.perform(id)))
    const wallet = await walletOf(t, executor)
    expect(wallet.periods).toHaveLength(2)
    expect(wallet.periods[1]!.starts_at).toBe(wallet.periods[0]!.ends_at)
    expect(wallet.until).toBe('2027-01-21T09:00:00.000Z')
    await expectLedgerConsistent(t, [executor])
  })
})

describe('the sandbox scenarios Payme requires (§1.9, §1.11 test 10)', () => {
  async function firstFiveRows(payme: ReturnType<typeof fakePayme>, invoice: number, amount: number) {
    // Invalid authorization: every method refused.
    for (const method of [
      'CheckPerformTransaction',
      'CreateTransaction',
      'PerformTransaction',
      'CancelTransaction',
      'CheckTransaction',
    ]) {
      expect((await payme.call(method, {}, payme.authorization('Paycom', 'bad'))).error?.code).toBe(-32504)
    }
    // Invalid amount.
    expect((await payme.checkPerform(invoice, amount * 2)).error?.code).toBe(-31001)
    expect((await payme.create(paymeId(), invoice, amount * 2, now())).error?.code).toBe(-31001)
    // Non-existent account.
    const missing = await payme.checkPerform(invoice + 1000, amount)
    expect(missing.error!.code).toBeLessThanOrEqual(-31050)
    expect(missing.error!.code).toBeGreaterThanOrEqual(-31099)
    const missingCreate = await payme.create(paymeId(), invoice + 1000, amount, now())
    expect(missingCreate.error!.code).toBeLessThanOrEqual(-31050)
    // CheckPerformTransaction.
    expect((await payme.checkPerform(invoice, amount)).result).toEqual({ allow: true })
    // CreateTransaction, then the same again: the same answer.
    const id = paymeId()
    const created = await payme.create(id, invoice, amount, now())
    expect(created.error).toBeUndefined()
    expect((await payme.create(id, invoice, amount, now())).result).toEqual(created.result)
    // CheckTransaction.
    expect((await payme.check(id)).error).toBeUndefined()
    return id
  }

  it('scenario 1: create and cancel an unconfirmed transaction', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = await firstFiveRows(payme, invoice, amount)
    expect((await payme.create(paymeId(), invoice, amount, now())).error?.code).toBe(-31008)
    const cancelled = await payme.cancel(id, 3)
    expect(cancelled.result?.state).toBe(-1)
    expect((await payme.cancel(id, 3)).result).toEqual(cancelled.result)
    expect((await payme.check(id)).error).toBeUndefined()
    expect((await walletOf(t, executor)).plan).toBeNull()
    await expectLedgerConsistent(t, [executor])
  })

  it('scenario 2: create, perform and cancel a performed transaction', async () => {
    const payme = fakePayme(t)
    const { executor, invoice, amount } = await invoiceFor()
    const id = await firstFiveRows(payme, invoice, amount)
    const performed = await payme.perform(id)
    expect(performed.result?.state).toBe(2)
    expect((await payme.perform(id)).result).toEqual(performed.result)
    expect((await payme.check(id)).error).toBeUndefined()
    expect((await walletOf(t, executor)).plan).toBe('master')
    const cancelled = await payme.cancel(id, 5)
    expect(cancelled.result?.state).toBe(-2)
    expect((await payme.cancel(id, 5)).result).toEqual(cancelled.result)
    expect((await payme.check(id)).result?.state).toBe(-2)
    expect((await walletOf(t, executor)).plan).toBeNull()
    await expectLedgerConsistent(t, [executor])
  })
})

describe('checkout URL (§1.8, §1.11 test 11)', () => {
  it('builds the official test vector', () => {
    expect(
      paymeCheckoutUrl({
        checkoutUrl: 'https://checkout.paycom.uz',
        merchantId: '587f72c72cac0d162c722ae2',
        orderId: 197,
        amount: 500,
      }),
    ).toBe('https://checkout.paycom.uz/bT01ODdmNzJjNzJjYWMwZDE2MmM3MjJhZTI7YWMub3JkZXJfaWQ9MTk3O2E9NTAw')
  })

  it("answers Payme's checkout with the merchant, order, amount, language and our return page", async () => {
    const { invoice, amount, url } = await invoiceFor()
    expect(amount).toBe(MASTER_MONTH)
    const prefix = 'https://checkout.paycom.uz/'
    expect(url.startsWith(prefix)).toBe(true)
    expect(Buffer.from(url.slice(prefix.length), 'base64').toString()).toBe(
      `m=${PAYME_TEST_MERCHANT};ac.order_id=${invoice};a=${MASTER_MONTH};l=ru;c=http://localhost:8080/wallet/success?invoice_id=${invoice}`,
    )
  })
})

describe('system errors', () => {
  it('answers −32400 when the database fails, and logs the failure without the request', async () => {
    const { createWalletService, paymentKeys } = await import('#server/modules/wallet/service.ts')
    const { testConfig } = await import('#server/config.ts')
    const config = {
      ...testConfig({ PAYME_KEY: PAYME_TEST_KEY, PAYME_MERCHANT_ID: PAYME_TEST_MERCHANT }),
      JWT_SECRET: 'x'.repeat(32),
    }
    const failing = new Proxy(
      {},
      {
        get: () => () => Promise.reject(new Error('connection refused')),
      },
    ) as Parameters<typeof createWalletService>[0]['repo']
    const failures: string[] = []
    const wallet = createWalletService({
      repo: failing,
      config,
      keys: paymentKeys(config),
      clock: t.clock,
      onError: (_error, where) => failures.push(where),
    })
    const answer = await wallet.paymeCall(7, { method: 'PerformTransaction', params: { id: paymeId() } })
    expect(answer).toMatchObject({ id: 7, error: { code: -32400 } })
    expect(failures).toEqual(['payme PerformTransaction'])
    // Click: a signed request that reaches the failing database is −7 "Failed to update user".
    const { clickSign } = await import('#server/adapters/payments/click.ts')
    const fields = {
      click_trans_id: '1',
      service_id: wallet.keys.click.serviceId,
      click_paydoc_id: '2',
      merchant_trans_id: '1',
      amount: '1.00',
      action: '0',
      error: '0',
      error_note: '',
      sign_time: '2026-11-21 14:00:00',
    }
    const click = await wallet.clickPrepare({
      ...fields,
      sign_string: clickSign(fields, wallet.keys.click.secret),
    })
    expect(click).toMatchObject({ error: -7, error_note: 'Failed to update user' })
    expect(failures).toEqual(['payme PerformTransaction', 'click prepare'])
  })

  it("reads a body of any content type, or none, as Payme's JSON", async () => {
    const payme = fakePayme(t)
    const none = await t.inject({
      method: 'POST',
      url: '/api/payments/payme',
      headers: { authorization: payme.authorization('Paycom', PAYME_TEST_KEY) },
    })
    expect(none.statusCode).toBe(200)
    expect(none.json().error.code).toBe(-32700)
    const json = await t.inject({
      method: 'POST',
      url: '/api/payments/payme',
      headers: {
        authorization: payme.authorization('Paycom', PAYME_TEST_KEY),
        'content-type': 'application/json; charset=utf-8',
      },
      payload: JSON.stringify({ method: 'CheckTransaction', params: { id: paymeId() }, id: 3 }),
    })
    expect(json.json()).toMatchObject({ id: 3, error: { code: -31003 } })
  })
})
