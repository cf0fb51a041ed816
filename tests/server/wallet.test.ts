import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Invoice, Wallet, WalletTransaction } from '#contract/schemas/wallet.ts'
import { V1 } from '#contract/endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { planCatalogue, planPrices } from '#server/modules/wallet/plans.ts'
import { csvCell } from '#server/modules/wallet/reads.ts'
import { fakePayme, paymeId } from '#tests/helpers/fake-payme.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, walletOf } from '#tests/helpers/wallet.ts'

/** The wallet endpoints and the sandbox checkout (no provider keys: sandbox mode). */
const t = useTestApp({ config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } })

/** Pays an invoice through the sandbox page as a visitor would: open it, press a button, follow the redirect. */
async function sandboxPay(url: string, action: 'pay' | 'cancel', lang = 'ru') {
  const page = await t.inject({ method: 'GET', url, headers: { 'accept-language': lang } })
  expect(page.statusCode, page.body).toBe(200)
  expect(page.headers['content-type']).toContain('text/html')
  const formAction = /<form method="post" action="([^"]+)">/.exec(page.body)?.[1]
  expect(formAction).toBe(url)
  const posted = await t.inject({
    method: 'POST',
    url: formAction!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  })
  expect(posted.statusCode, posted.body).toBe(303)
  return { page, location: String(posted.headers.location) }
}

describe('the wallet', () => {
  it('answers the plan catalogue with prices in tiyin, no plan, a zero balance, sandbox providers', async () => {
    const executor = await user(t, 'executor')
    const wallet = await walletOf(t, executor)
    expect(wallet).toMatchObject({
      plan: null,
      until: null,
      paid_until: null,
      periods: [],
      balance: 0,
      features: [],
    })
    expect(wallet.providers).toEqual([
      { provider: 'payme', sandbox: true, available: true },
      { provider: 'click', sandbox: true, available: true },
    ])
    const master = wallet.plans.find((plan) => plan.plan === 'master')!
    expect(master.monthly_price).toBe(9_900_000)
    expect(master.prices).toEqual([
      { months: 1, amount: 9_900_000 },
      { months: 2, amount: 19_800_000 },
      { months: 3, amount: 29_700_000 },
    ])
    expect(master.features).toContain('statistics')
    expect(wallet.plans.find((plan) => plan.plan === 'starter')!.features).not.toContain('statistics')
    expect(wallet.plans.map((plan) => plan.plan)).toEqual(['starter', 'master', 'professional'])
  })

  it('is for logged-in people only; a customer reads theirs too', async () => {
    expect((await send(t, 'GET', '/wallet', null)).statusCode).toBe(401)
    const customer = await user(t, 'customer')
    expect((await send(t, 'GET', '/wallet', customer)).statusCode).toBe(200)
  })

  it("takes prices from the configuration, in so'm, and answers them in tiyin", () => {
    const prices = planPrices(testConfig({ PLAN_PRICE_STARTER: 10_000, PLAN_PRICE_MASTER: 20_000 }))
    expect(prices).toEqual({ starter: 1_000_000, master: 2_000_000, professional: 14_900_000 })
    expect(planCatalogue(prices)[0]!.prices.map((price) => price.amount)).toEqual([
      1_000_000, 2_000_000, 3_000_000,
    ])
  })
})

describe('checkout', () => {
  it('makes an invoice for a specialist and answers the sandbox page of each provider', async () => {
    const executor = await user(t, 'executor')
    const payme = await checkout(t, executor, { plan: 'professional', months: 3, provider: 'payme' })
    expect(payme).toEqual({
      invoice_id: expect.any(Number),
      amount: 149_000 * 100 * 3,
      url: `/api/payments/sandbox/payme/${payme.invoice_id}`,
    })
    const click = await checkout(t, executor, { plan: 'starter', months: 2, provider: 'click' })
    expect(click.url).toBe(`/api/payments/sandbox/click/${click.invoice_id}`)
    expect(click.amount).toBe(49_000 * 100 * 2)
  })

  it('refuses a customer (403) and a guest (401), and names a bad field', async () => {
    const customer = await user(t, 'customer')
    const refused = await send(
      t,
      'POST',
      '/wallet/checkout',
      customer,
      { plan: 'master', months: 1, provider: 'payme' },
      'en',
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({ type: 'forbidden', code: 'only_specialists_buy_plans' })
    const guest = await send(t, 'POST', '/wallet/checkout', null, {
      plan: 'master',
      months: 1,
      provider: 'payme',
    })
    expect(guest.statusCode).toBe(401)
    const executor = await user(t, 'executor')
    const bad = await send(
      t,
      'POST',
      '/wallet/checkout',
      executor,
      { plan: 'gold', months: 4, provider: 'paypal' },
      'en',
    )
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['months', 'plan', 'provider'])
  })
})

describe('the sandbox checkout', () => {
  it.each(['payme', 'click'] as const)(
    '%s: pay leads to /wallet/success and the plan is active',
    async (provider) => {
      const executor = await user(t, 'executor')
      const bought = await checkout(t, executor, { plan: 'master', months: 1, provider })
      const pending = await send(t, 'GET', `/wallet/invoices/${bought.invoice_id}`, executor)
      expect(pending.json<Invoice>().status).toBe('pending')
      const { page, location } = await sandboxPay(bought.url, 'pay', 'en')
      expect(page.body).toContain('Pay')
      expect(page.body).toContain('99\u00a0000 so&#39;m')
      expect(page.body).not.toContain('<script')
      expect(location).toBe(`/wallet/success?invoice_id=${bought.invoice_id}`)
      const paid = await send(t, 'GET', `/wallet/invoices/${bought.invoice_id}`, executor)
      expect(paid.json<Invoice>()).toMatchObject({ status: 'paid', plan: 'master', months: 1, provider })
      const wallet = await walletOf(t, executor)
      expect(wallet.plan).toBe('master')
      expect(wallet.features).toContain('statistics')
      const history = await send(t, 'GET', '/wallet/transactions', executor)
      expect(history.json().collection).toEqual([
        expect.objectContaining({
          status: 'paid',
          amount: 9_900_000,
          provider,
          plan: 'master',
          months: 1,
          card: null,
        }),
      ])
      // The page no longer offers to pay.
      const again = await t.inject({ method: 'GET', url: bought.url })
      expect(again.body).not.toContain('<form')
      await expectLedgerConsistent(t, [executor])
    },
  )

  it.each(['payme', 'click'] as const)(
    '%s: cancel leads to /wallet/failed and the invoice is canceled',
    async (provider) => {
      const executor = await user(t, 'executor')
      const bought = await checkout(t, executor, { plan: 'starter', months: 1, provider })
      const { page, location } = await sandboxPay(bought.url, 'cancel', 'oz')
      expect(page.body).toContain('To&#39;lash')
      expect(location).toBe(`/wallet/failed?invoice_id=${bought.invoice_id}`)
      expect(
        (await send(t, 'GET', `/wallet/invoices/${bought.invoice_id}`, executor)).json<Invoice>().status,
      ).toBe('canceled')
      expect((await walletOf(t, executor)).plan).toBeNull()
      // A cancelled attempt may be followed by a paid one.
      expect((await sandboxPay(bought.url, 'pay')).location).toBe(
        `/wallet/success?invoice_id=${bought.invoice_id}`,
      )
      expect((await walletOf(t, executor)).plan).toBe('starter')
      await expectLedgerConsistent(t, [executor])
    },
  )

  it("names the plan and writes the amount in the reader's language, styled by a policy that allows only its style", async () => {
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, { plan: 'starter', months: 2, provider: 'payme' })
    const seen = async (lang: string) => {
      const page = await t.inject({ method: 'GET', url: bought.url, headers: { 'accept-language': lang } })
      expect(page.statusCode).toBe(200)
      const details = /<dl>([\s\S]*)<\/dl>/.exec(page.body)?.[1] ?? ''
      return { details, page }
    }
    const amount = '98\u00a0000'
    expect((await seen('ru')).details).toContain(`<dd>Стартер</dd>`)
    expect((await seen('ru')).details).toContain(`<dd>${amount} сум</dd>`)
    expect((await seen('oz')).details).toContain(`<dd>Boshlang&#39;ich</dd>`)
    expect((await seen('oz')).details).toContain(`<dd>${amount} so&#39;m</dd>`)
    expect((await seen('uz')).details).toContain(`<dd>${amount} сўм</dd>`)
    const { details, page } = await seen('en')
    expect(details).toContain('<dd>Starter</dd>')
    expect(details).not.toContain('starter')
    // The page's own style is allowed by its hash, and nothing else: no script, no other source.
    const policy = String(page.headers['content-security-policy'])
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? ''
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`)
    expect(policy).toContain("default-src 'none'")
  })

  it('extends a plan bought while one is active, and queues a different plan after it', async () => {
    const executor = await user(t, 'executor')
    for (const [plan, months] of [
      ['master', 1],
      ['master', 2],
      ['professional', 1],
    ] as const) {
      const bought = await checkout(t, executor, { plan, months, provider: 'click' })
      await sandboxPay(bought.url, 'pay')
    }
    const wallet = await walletOf(t, executor)
    expect(wallet.plan).toBe('master')
    expect(wallet.until).toBe('2027-02-21T09:00:00.000Z')
    expect(wallet.paid_until).toBe('2027-03-21T09:00:00.000Z')
    expect(wallet.periods.map((period) => period.plan)).toEqual(['master', 'master', 'professional'])
  })

  it('is 404 for an unknown invoice, a wrong provider, or a provider with keys', async () => {
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    expect((await t.inject({ method: 'GET', url: '/api/payments/sandbox/payme/999999' })).statusCode).toBe(
      404,
    )
    expect(
      (await t.inject({ method: 'GET', url: `/api/payments/sandbox/click/${bought.invoice_id}` })).statusCode,
    ).toBe(404)
    expect((await t.inject({ method: 'GET', url: '/api/payments/sandbox/paypal/1' })).statusCode).toBe(404)
    expect((await t.inject({ method: 'GET', url: '/api/payments/sandbox/payme/abc' })).statusCode).toBe(404)
  })

  it('refuses Payme calls signed with anything but the sandbox key', async () => {
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    const answer = await fakePayme(t, 'KeyFromMerchantCabinet').checkPerform(bought.invoice_id, bought.amount)
    expect(answer.error?.code).toBe(-32504)
    const empty = await fakePayme(t, '').create(paymeId(), bought.invoice_id, bought.amount, Date.now())
    expect(empty.error?.code).toBe(-32504)
  })
})

describe('production without keys', () => {
  it('takes no payments and serves no sandbox page: the sandbox would give plans away', async () => {
    const executor = await user(t, 'executor')
    const sandboxed = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    const production = await buildApp({
      config: { ...testConfig({ NODE_ENV: 'production' }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
      realtime: false,
    })
    try {
      const headers = { authorization: `Bearer ${executor.token}`, 'accept-language': 'en' }
      const refused = await production.inject({
        method: 'POST',
        url: `${V1}/wallet/checkout`,
        headers,
        payload: { plan: 'master', months: 1, provider: 'click' },
      })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error.code).toBe('payment_unavailable')
      const wallet = await production.inject({ method: 'GET', url: `${V1}/wallet`, headers })
      expect(wallet.json<Wallet>().providers.map((p) => p.available)).toEqual([false, false])
      expect((await production.inject({ method: 'GET', url: sandboxed.url })).statusCode).toBe(404)
      expect(
        (
          await production.inject({
            method: 'POST',
            url: sandboxed.url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'action=pay',
          })
        ).statusCode,
      ).toBe(404)
    } finally {
      await production.close()
    }
  })
})

describe('invoices', () => {
  it('answers an invoice to its owner only: 404 for another specialist, a customer; 401 for a guest', async () => {
    const owner = await user(t, 'executor')
    const bought = await checkout(t, owner, { plan: 'master', months: 1, provider: 'payme' })
    const path = `/wallet/invoices/${bought.invoice_id}`
    expect((await send(t, 'GET', path, owner)).statusCode).toBe(200)
    expect((await send(t, 'GET', path, await user(t, 'executor'))).statusCode).toBe(404)
    expect((await send(t, 'GET', path, await user(t, 'customer'))).statusCode).toBe(404)
    expect((await send(t, 'GET', path, null)).statusCode).toBe(401)
    expect((await send(t, 'GET', '/wallet/invoices/2147483648', owner)).statusCode).toBe(404)
  })
})

describe('the transaction history', () => {
  async function paidTimes(executor: Caller, count: number) {
    for (let i = 0; i < count; i++) {
      const bought = await checkout(t, executor, {
        plan: 'starter',
        months: 1,
        provider: i % 2 ? 'click' : 'payme',
      })
      await sandboxPay(bought.url, i === 0 ? 'cancel' : 'pay')
    }
  }

  it('pages the caller’s payments newest first and shows nobody else’s', async () => {
    const executor = await user(t, 'executor')
    await paidTimes(executor, 3)
    const other = await user(t, 'executor')
    await paidTimes(other, 1)
    const first = await send(t, 'GET', '/wallet/transactions?perPage=2', executor)
    const body = first.json<{ collection: WalletTransaction[]; meta: { total: number } }>()
    expect(body.meta).toEqual({ page: 1, perPage: 2, total: 3 })
    expect(body.collection).toHaveLength(2)
    expect(body.collection[0]!.id).toBeGreaterThan(body.collection[1]!.id)
    const second = await send(t, 'GET', '/wallet/transactions?perPage=2&page=2', executor)
    expect(second.json().collection).toEqual([
      expect.objectContaining({ status: 'canceled', provider: 'payme' }),
    ])
    expect((await send(t, 'GET', '/wallet/transactions?perPage=51', executor)).statusCode).toBe(400)
    expect((await send(t, 'GET', '/wallet/transactions?page=51', executor)).statusCode).toBe(400)
    expect((await send(t, 'GET', '/wallet/transactions', null)).statusCode).toBe(401)
    const customer = await user(t, 'customer')
    expect((await send(t, 'GET', '/wallet/transactions', customer)).json().collection).toEqual([])
  })

  it('exports CSV to its owner only, escaped and safe from formulas', async () => {
    const executor = await user(t, 'executor')
    await paidTimes(executor, 2)
    const csv = await send(t, 'GET', '/wallet/transactions.csv', executor)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toContain('attachment')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('date,status,amount_som,provider,plan,months,invoice_id,card')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^2026-11-21T09:00:00\.000Z,paid,49000\.00,click,starter,1,\d+,$/)
    expect((await send(t, 'GET', '/wallet/transactions.csv', null)).statusCode).toBe(401)
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell(null)).toBe('')
  })
})

describe('the ledger', () => {
  it('refuses UPDATE and DELETE of its rows', async () => {
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    await sandboxPay(bought.url, 'pay')
    const db = t.db.db
    await expect(db.execute(sql`update wallet_ledger set amount = 0`)).rejects.toThrow()
    await expect(db.execute(sql`delete from wallet_ledger`)).rejects.toThrow()
    const rows = (await db.execute(sql`select kind, amount from wallet_ledger order by id`)) as unknown as {
      rows: { kind: string; amount: string | number }[]
    }
    expect(rows.rows.map((row) => [row.kind, Number(row.amount)])).toEqual([
      ['payment', 9_900_000],
      ['plan_purchase', -9_900_000],
    ])
    const wallet: Wallet = await walletOf(t, executor)
    expect(wallet.balance).toBe(0)
    await expectLedgerConsistent(t, [executor])
  })
})
