import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ErrorBody } from '#contract/errors.ts'
import type { PromoTerms } from '#contract/schemas/wallet.ts'
import { promoCodes, promoCodeUses, walletInvoices } from '#server/db/schema/wallet.ts'
import { discounted } from '#server/modules/wallet/plans.ts'
import {
  CLICK_TEST_MERCHANT,
  CLICK_TEST_SECRET,
  CLICK_TEST_SERVICE,
  clickTransId,
  fakeClick,
} from '#tests/helpers/fake-click.ts'
import { fakePayme, paymeId, PAYME_TEST_KEY, PAYME_TEST_MERCHANT } from '#tests/helpers/fake-payme.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, relogin, walletOf } from '#tests/helpers/wallet.ts'
import { runPromoCode } from '../../scripts/promo-code.ts'

/** Graduates' promo codes (decision 015, "Promo codes"): checkout, refusals, the use counted on payment, the terms. */
const t = useTestApp({
  config: {
    PAYME_KEY: PAYME_TEST_KEY,
    PAYME_MERCHANT_ID: PAYME_TEST_MERCHANT,
    CLICK_SECRET_KEY: CLICK_TEST_SECRET,
    CLICK_SERVICE_ID: CLICK_TEST_SERVICE,
    CLICK_MERCHANT_ID: CLICK_TEST_MERCHANT,
    RATE_LIMIT_PER_MINUTE: 1_000_000,
  },
})

const MASTER_MONTH = 99_000 * 100

/** A code made by the operators' command, at the test clock's time. */
async function promo(
  code: string,
  options: { plan?: string; percent?: number; uses?: number; until?: string } = {},
) {
  await runPromoCode(
    t.db.db,
    [
      'create',
      code,
      '--plan',
      options.plan ?? 'master',
      '--percent',
      String(options.percent ?? 30),
      '--uses',
      String(options.uses ?? 100),
      '--until',
      options.until ?? '2027-06-30',
    ],
    t.clock.now(),
  )
}

const usesOf = async (code: string) => {
  const [row] = await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, code))
  return t.db.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, row!.id))
}

async function refusedCheckout(caller: Caller, body: Record<string, unknown>, lang = 'ru') {
  const response = await send(t, 'POST', '/wallet/checkout', caller, body, lang)
  expect(response.statusCode, response.body).toBe(400)
  return response.json<ErrorBody>().error
}

async function payWithPayme(invoice: number, amount: number) {
  const payme = fakePayme(t)
  const id = paymeId()
  const created = await payme.create(id, invoice, amount, t.clock.now().getTime())
  if (created.error) return created
  return payme.perform(id)
}

describe('checkout with a promo code', () => {
  it('makes the invoice for the discounted price, whatever the case and spaces of the code', async () => {
    await promo('GRAD2026', { percent: 30 })
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, {
      plan: 'master',
      months: 2,
      provider: 'payme',
      promo_code: '  grad2026 ',
    } as never)
    expect(bought.amount).toBe(2 * MASTER_MONTH * 0.7)
    expect(Number.isInteger(bought.amount)).toBe(true)
    const [invoice] = await t.db.db
      .select()
      .from(walletInvoices)
      .where(eq(walletInvoices.id, bought.invoice_id))
    expect(invoice!.amount).toBe(bought.amount)
    expect(invoice!.promoCodeId).not.toBeNull()
    // An empty code is no code.
    const plain = await checkout(t, executor, {
      plan: 'master',
      months: 1,
      provider: 'click',
      promo_code: '',
    } as never)
    expect(plain.amount).toBe(MASTER_MONTH)
  })

  it('rounds to whole so\u2019m and never to zero', () => {
    expect(discounted(9_900_000, 30)).toBe(6_930_000)
    expect(discounted(4_900_000, 33)).toBe(3_283_000)
    expect(discounted(100, 99)).toBe(100)
  })

  it('refuses an unknown, expired, not yet valid, disabled, used-up or other-plan code with a field error', async () => {
    await promo('MASTER30', { plan: 'master' })
    await promo('OLD', { until: '2026-11-22' })
    await promo('ONCE', { plan: 'any', uses: 1 })
    await runPromoCode(
      t.db.db,
      [
        'create',
        'LATER',
        '--plan',
        'any',
        '--percent',
        '10',
        '--uses',
        '5',
        '--until',
        '2027-06-30',
        '--from',
        '2027-01-01',
      ],
      t.clock.now(),
    )
    await promo('OFF')
    await runPromoCode(t.db.db, ['disable', 'OFF'], t.clock.now())
    let executor = await user(t, 'executor')
    const body = { plan: 'master', months: 1, provider: 'payme' }

    // ONCE is used once by a paid invoice.
    const first = await checkout(t, executor, { ...body, promo_code: 'ONCE' } as never)
    expect((await payWithPayme(first.invoice_id, first.amount)).result?.state).toBe(2)

    t.clock.advance(2 * 86_400) // OLD is over (it ended 2026-11-22 23:59 Tashkent)
    executor = await relogin(t, executor)
    const cases: [string, Record<string, unknown>, string][] = [
      ['NOPE', body, 'promo_code_not_found'],
      ['OFF', body, 'promo_code_not_found'],
      ['OLD', body, 'promo_code_expired'],
      ['LATER', body, 'promo_code_expired'],
      ['ONCE', body, 'promo_code_used_up'],
      ['MASTER30', { ...body, plan: 'starter' }, 'promo_code_wrong_plan'],
      ['bad code!', body, 'promo_code_invalid'],
      ['X'.repeat(33), body, 'promo_code_invalid'],
    ]
    for (const [code, request, expected] of cases) {
      const error = await refusedCheckout(executor, { ...request, promo_code: code })
      expect(error.fields, code).toEqual({ promo_code: [expect.any(String)] })
      expect(error.code, code).toBe(expected)
    }
    const english = await refusedCheckout(
      executor,
      { ...body, promo_code: 'MASTER30', plan: 'professional' },
      'en',
    )
    expect(english.fields!.promo_code).toEqual(['This promo code is for another plan'])
    const uzbek = await refusedCheckout(executor, { ...body, promo_code: 'NOPE' }, 'oz')
    expect(uzbek.message).toBe("Bunday promokod yo'q, uni tekshiring")
    // Nothing was made for the refusals.
    expect(await t.db.db.select().from(walletInvoices)).toHaveLength(1)
  })
})

describe('the use of a code', () => {
  it('is counted once, when the payment is done, and the provider checks the discounted amount', async () => {
    await promo('GRAD', { percent: 50 })
    const executor = await user(t, 'executor')
    const bought = await checkout(t, executor, {
      plan: 'master',
      months: 1,
      provider: 'payme',
      promo_code: 'grad',
    } as never)
    expect(bought.amount).toBe(MASTER_MONTH / 2)
    expect(await usesOf('GRAD')).toHaveLength(0)

    const payme = fakePayme(t)
    expect((await payme.checkPerform(bought.invoice_id, MASTER_MONTH)).error?.code).toBe(-31001)
    expect((await payme.checkPerform(bought.invoice_id, bought.amount)).result).toEqual({ allow: true })
    const id = paymeId()
    expect(
      (await payme.create(id, bought.invoice_id, bought.amount, t.clock.now().getTime())).result?.state,
    ).toBe(1)
    expect(await usesOf('GRAD')).toHaveLength(0)
    expect((await payme.perform(id)).result?.state).toBe(2)
    expect((await payme.perform(id)).result?.state).toBe(2) // a replay counts nothing
    const uses = await usesOf('GRAD')
    expect(uses).toHaveLength(1)
    expect(uses[0]).toMatchObject({ invoiceId: bought.invoice_id, userId: executor.id })
    expect((await walletOf(t, executor)).plan).toBe('master')
    await expectLedgerConsistent(t, [executor])
  })

  it('respects the maximum: a used-up code is refused at checkout and before the provider takes money', async () => {
    await promo('TWO', { uses: 2, plan: 'any' })
    const [a, b, c] = [await user(t, 'executor'), await user(t, 'executor'), await user(t, 'executor')]
    const body = { plan: 'starter', months: 1, provider: 'payme', promo_code: 'TWO' }
    // Three graduates check out while the code has uses left; two pay, the third is refused by the provider check.
    const invoices = [
      await checkout(t, a, body as never),
      await checkout(t, b, body as never),
      await checkout(t, c, body as never),
    ]
    expect((await payWithPayme(invoices[0]!.invoice_id, invoices[0]!.amount)).result?.state).toBe(2)
    expect((await payWithPayme(invoices[1]!.invoice_id, invoices[1]!.amount)).result?.state).toBe(2)
    const payme = fakePayme(t)
    expect((await payme.checkPerform(invoices[2]!.invoice_id, invoices[2]!.amount)).error?.code).toBe(-31008)
    expect((await payWithPayme(invoices[2]!.invoice_id, invoices[2]!.amount)).error?.code).toBe(-31008)
    expect(await usesOf('TWO')).toHaveLength(2)
    expect((await refusedCheckout(c, body)).code).toBe('promo_code_used_up')
    await expectLedgerConsistent(t, [a, b, c])
  })

  it('honours a payment the provider already made past the limit, and counts it', async () => {
    await promo('ONE', { uses: 1 })
    const [a, b] = [await user(t, 'executor'), await user(t, 'executor')]
    const body = { plan: 'master', months: 1, provider: 'payme', promo_code: 'ONE' }
    const first = await checkout(t, a, body as never)
    const second = await checkout(t, b, body as never)
    const payme = fakePayme(t)
    const [x, y] = [paymeId(), paymeId()]
    // Both payments are created at the provider before either is performed.
    expect(
      (await payme.create(x, first.invoice_id, first.amount, t.clock.now().getTime())).result?.state,
    ).toBe(1)
    expect(
      (await payme.create(y, second.invoice_id, second.amount, t.clock.now().getTime())).result?.state,
    ).toBe(1)
    const performed = await Promise.all([payme.perform(x), payme.perform(y)])
    expect(performed.map((answer) => answer.result?.state)).toEqual([2, 2])
    expect(await usesOf('ONE')).toHaveLength(2)
    expect((await walletOf(t, b)).plan).toBe('master')
    await expectLedgerConsistent(t, [a, b])
  })
})

describe('Click with a promo code', () => {
  it("checks the invoice's discounted amount, counts the use on Complete, and refuses Prepare once used up", async () => {
    await promo('CLICK1', { uses: 1, percent: 25 })
    const [a, b] = [await user(t, 'executor'), await user(t, 'executor')]
    const body = { plan: 'master', months: 1, provider: 'click', promo_code: 'click1' }
    const first = await checkout(t, a, body as never)
    const second = await checkout(t, b, body as never)
    expect(first.amount).toBe(7_425_000)
    const click = fakeClick(t)
    const id = clickTransId()
    const full = { clickTransId: id, invoiceId: first.invoice_id, amount: '99000.00' }
    expect((await click.prepare(full)).error).toBe(-2)
    const prepared = await click.prepare({ ...full, amount: '74250.00' })
    expect(prepared.error).toBe(0)
    const done = await click.complete({
      ...full,
      amount: '74250.00',
      prepareId: prepared.merchant_prepare_id!,
    })
    expect(done.error).toBe(0)
    expect(await usesOf('CLICK1')).toHaveLength(1)
    const other = { clickTransId: clickTransId(), invoiceId: second.invoice_id, amount: '74250.00' }
    expect((await click.prepare(other)).error).toBe(-9)
    await expectLedgerConsistent(t, [a, b])
  })
})

describe('GET /wallet/promo/{code}', () => {
  it("answers a code's terms in any case, for a logged-in person", async () => {
    await promo('GRAD2026', { plan: 'master', percent: 30, until: '2027-06-30' })
    const customer = await user(t, 'customer')
    const response = await send(t, 'GET', '/wallet/promo/grad2026', customer)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<PromoTerms>()).toEqual({
      code: 'GRAD2026',
      plan: 'master',
      percent_off: 30,
      valid_until: '2027-06-30T18:59:59.999Z',
    })
    await promo('ANY', { plan: 'any' })
    expect((await send(t, 'GET', '/wallet/promo/ANY', customer)).json<PromoTerms>().plan).toBeNull()
    expect((await send(t, 'GET', '/wallet/promo/GRAD2026', null)).statusCode).toBe(401)
  })

  it('is 404 with the reason for an unknown, disabled or expired code', async () => {
    await promo('OLD', { until: '2026-11-22' })
    await promo('OFF')
    await runPromoCode(t.db.db, ['disable', 'OFF'], t.clock.now())
    t.clock.advance(2 * 86_400)
    const caller = await user(t, 'executor')
    for (const [code, expected] of [
      ['NOPE', 'promo_code_not_found'],
      ['OFF', 'promo_code_not_found'],
      ['OLD', 'promo_code_expired'],
    ]) {
      const response = await send(
        t,
        'GET',
        `/wallet/promo/${code}`,
        await relogin(t, caller),
        undefined,
        'en',
      )
      expect(response.statusCode, code).toBe(404)
      expect(response.json<ErrorBody>().error.code).toBe(expected)
    }
    // A path that can't be a code is not found, like any malformed path parameter.
    expect((await send(t, 'GET', '/wallet/promo/bad%20code', caller)).statusCode).toBe(404)
  })
})
