import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clickAmountToTiyin, clickCheckoutUrl, clickSign } from '#server/adapters/payments/click.ts'
import { paymentTransactions, planPeriods } from '#server/db/schema/wallet.ts'
import {
  CLICK_TEST_MERCHANT,
  CLICK_TEST_SECRET,
  CLICK_TEST_SERVICE,
  clickTransId,
  fakeClick,
} from '#tests/helpers/fake-click.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, walletOf } from '#tests/helpers/wallet.ts'

/** Click SHOP API against a local fake Click (research/integrations.md §2.6, §2.9). */
const t = useTestApp({
  config: {
    CLICK_SECRET_KEY: CLICK_TEST_SECRET,
    CLICK_SERVICE_ID: CLICK_TEST_SERVICE,
    CLICK_MERCHANT_ID: CLICK_TEST_MERCHANT,
    RATE_LIMIT_PER_MINUTE: 1_000_000,
  },
})

/** Master for one month: 99 000 so'm. */
const AMOUNT = '99000.00'

async function invoiceFor(caller?: Caller) {
  const executor = caller ?? (await user(t, 'executor'))
  const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'click' })
  return { executor, invoice: bought.invoice_id, url: bought.url }
}

describe('the official 15-scenario matrix (§2.6)', () => {
  it('passes every row in order', async () => {
    const click = fakeClick(t)
    const a = await invoiceFor()
    const idA = clickTransId()
    // 1. Prepare with a bad signature.
    expect(
      (await click.prepare({ clickTransId: idA, invoiceId: a.invoice, amount: AMOUNT, sign: 'f'.repeat(32) }))
        .error,
    ).toBe(-1)
    // 2. Prepare of an unknown order.
    expect((await click.prepare({ clickTransId: idA, invoiceId: 999_999, amount: AMOUNT })).error).toBe(-5)
    // 3. Prepare of a valid unpaid order.
    const prepared = await click.prepare({ clickTransId: idA, invoiceId: a.invoice, amount: AMOUNT })
    expect(prepared).toMatchObject({
      error: 0,
      error_note: 'Success',
      click_trans_id: Number(idA),
      merchant_trans_id: String(a.invoice),
    })
    const prepareId = prepared.merchant_prepare_id!
    expect(prepareId).toEqual(expect.any(Number))
    // 4. Complete with a bad signature.
    expect(
      (
        await click.complete({
          clickTransId: idA,
          invoiceId: a.invoice,
          amount: AMOUNT,
          prepareId,
          sign: '0'.repeat(32),
        })
      ).error,
    ).toBe(-1)
    // 5. Complete with the amount forced to 300.
    expect(
      (await click.complete({ clickTransId: idA, invoiceId: a.invoice, amount: '300', prepareId })).error,
    ).toBe(-2)
    // 6. Complete.
    const completed = await click.complete({
      clickTransId: idA,
      invoiceId: a.invoice,
      amount: AMOUNT,
      prepareId,
    })
    expect(completed).toMatchObject({ error: 0, merchant_confirm_id: prepareId })
    expect((await walletOf(t, a.executor)).plan).toBe('master')
    // 7. The same Complete again.
    expect(
      (await click.complete({ clickTransId: idA, invoiceId: a.invoice, amount: AMOUNT, prepareId })).error,
    ).toBe(-4)
    // 8. Click's error -5017 on the paid payment.
    expect(
      (
        await click.complete({
          clickTransId: idA,
          invoiceId: a.invoice,
          amount: AMOUNT,
          prepareId,
          error: '-5017',
        })
      ).error,
    ).toBe(-9)
    expect((await walletOf(t, a.executor)).plan).toBe('master')

    const b = await invoiceFor()
    const idB = clickTransId()
    // 9. A new Prepare.
    const preparedB = await click.prepare({ clickTransId: idB, invoiceId: b.invoice, amount: AMOUNT })
    expect(preparedB.error).toBe(0)
    // 10. Complete with an unknown merchant_prepare_id.
    expect(
      (
        await click.complete({
          clickTransId: idB,
          invoiceId: b.invoice,
          amount: AMOUNT,
          prepareId: 999_999_999,
        })
      ).error,
    ).toBe(-6)
    // 11. Complete.
    expect(
      (
        await click.complete({
          clickTransId: idB,
          invoiceId: b.invoice,
          amount: AMOUNT,
          prepareId: preparedB.merchant_prepare_id!,
        })
      ).error,
    ).toBe(0)

    const c = await invoiceFor()
    const idC = clickTransId()
    // 12. A new Prepare.
    const preparedC = await click.prepare({ clickTransId: idC, invoiceId: c.invoice, amount: AMOUNT })
    expect(preparedC.error).toBe(0)
    const cancel = {
      clickTransId: idC,
      invoiceId: c.invoice,
      amount: AMOUNT,
      prepareId: preparedC.merchant_prepare_id!,
      error: '-5017',
    }
    // 13. Complete with Click's error -5017: cancelled.
    expect((await click.complete(cancel)).error).toBe(-9)
    // 14. The same again.
    expect((await click.complete(cancel)).error).toBe(-9)
    // 15. A successful Complete of the cancelled payment.
    expect((await click.complete({ ...cancel, error: '0' })).error).toBe(-9)
    expect((await walletOf(t, c.executor)).plan).toBeNull()
    expect((await send(t, 'GET', `/wallet/invoices/${c.invoice}`, c.executor)).json().status).toBe('canceled')
    await expectLedgerConsistent(t, [a.executor, b.executor, c.executor])
  })
})

describe('signatures (§2.4)', () => {
  it('matches the research test vectors', () => {
    const base = {
      click_trans_id: '123456789',
      service_id: '12345',
      merchant_trans_id: 'order-1',
      amount: '1000.00',
      sign_time: '2026-01-02 10:00:00',
    }
    expect(clickSign({ ...base, action: '0' }, 'SECRET')).toBe('bb96f9511fdded4a22c620aa77edcaf1')
    expect(clickSign({ ...base, action: '1', merchant_prepare_id: '77' }, 'SECRET')).toBe(
      '9dbd7ab7e13c46ef86321de2a51eeaed',
    )
  })

  it('hashes the amount as received: "99000" signed as such is accepted, but a tampered amount is −1', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    const id = clickTransId()
    expect((await click.prepare({ clickTransId: id, invoiceId: invoice, amount: '99000' })).error).toBe(0)
    const signedFor = click.fields(
      { clickTransId: clickTransId(), invoiceId: invoice, amount: '99000.00' },
      '0',
    )
    expect((await click.post('/api/payments/click/prepare', { ...signedFor, amount: '99000' })).error).toBe(
      -1,
    )
    expect((await click.post('/api/payments/click/prepare', { ...signedFor, amount: '1.00' })).error).toBe(-1)
  })

  it('refuses a signature made with another secret', async () => {
    const click = fakeClick(t, 'another-secret')
    const { invoice } = await invoiceFor()
    expect(
      (await click.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT })).error,
    ).toBe(-1)
  })
})

describe('malformed requests', () => {
  const required = [
    'click_trans_id',
    'service_id',
    'click_paydoc_id',
    'merchant_trans_id',
    'amount',
    'action',
    'error',
    'sign_time',
    'sign_string',
  ]
  it.each(required)('answers −8 without %s', async (field) => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    const answer = await click.prepare({
      clickTransId: clickTransId(),
      invoiceId: invoice,
      amount: AMOUNT,
      override: { [field]: undefined },
    })
    expect(answer.error).toBe(-8)
    expect(answer.error_note).toBe('Error in request from click')
  })

  it('answers −8 for Complete without merchant_prepare_id, and for another service id', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    expect(
      (await click.complete({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT })).error,
    ).toBe(-8)
    const other = fakeClick(t, CLICK_TEST_SECRET, '999')
    expect(
      (await other.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT })).error,
    ).toBe(-8)
  })

  it('answers −3 for an action the URL does not take', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    expect(
      (
        await click.prepare({
          clickTransId: clickTransId(),
          invoiceId: invoice,
          amount: AMOUNT,
          action: '1',
          prepareId: 1,
        })
      ).error,
    ).toBe(-3)
    expect(
      (await click.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT, action: '7' }))
        .error,
    ).toBe(-3)
  })

  it('answers −2 for a wrong amount in Prepare and −5 for a Payme invoice', async () => {
    const click = fakeClick(t)
    const { executor, invoice } = await invoiceFor()
    expect(
      (await click.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: '98999.99' })).error,
    ).toBe(-2)
    const payme = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
    expect(
      (await click.prepare({ clickTransId: clickTransId(), invoiceId: payme.invoice_id, amount: AMOUNT }))
        .error,
    ).toBe(-5)
  })

  it('answers a body that is not a form with −8, in HTTP 200', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/payments/click/prepare',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ error: -8, error_note: 'Error in request from click' })
  })
})

describe('repeats and ids', () => {
  it('answers a repeated Prepare with the same merchant_prepare_id, and Prepare of a paid order with −4', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    const id = clickTransId()
    const first = await click.prepare({ clickTransId: id, invoiceId: invoice, amount: AMOUNT })
    const again = await click.prepare({ clickTransId: id, invoiceId: invoice, amount: AMOUNT })
    expect(again).toEqual(first)
    await click.complete({
      clickTransId: id,
      invoiceId: invoice,
      amount: AMOUNT,
      prepareId: first.merchant_prepare_id!,
    })
    expect(
      (await click.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT })).error,
    ).toBe(-4)
  })

  it('keeps a 64-bit click_trans_id unchanged in the database and the answer', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    const big = '9223372036854775807'
    const prepared = await click.prepare({ clickTransId: big, invoiceId: invoice, amount: AMOUNT })
    expect(prepared.error).toBe(0)
    expect(prepared.click_trans_id).toBe(big)
    const [row] = await t.db.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.providerId, big))
    expect(row?.providerId).toBe(big)
    expect(
      (
        await click.complete({
          clickTransId: big,
          invoiceId: invoice,
          amount: AMOUNT,
          prepareId: prepared.merchant_prepare_id!,
        })
      ).error,
    ).toBe(0)
  })

  it('answers −6 when the prepare id belongs to another click transaction', async () => {
    const click = fakeClick(t)
    const { invoice } = await invoiceFor()
    const prepared = await click.prepare({ clickTransId: clickTransId(), invoiceId: invoice, amount: AMOUNT })
    expect(
      (
        await click.complete({
          clickTransId: clickTransId(),
          invoiceId: invoice,
          amount: AMOUNT,
          prepareId: prepared.merchant_prepare_id!,
        })
      ).error,
    ).toBe(-6)
  })

  it('two Complete calls at once activate the plan once', async () => {
    const click = fakeClick(t)
    const { executor, invoice } = await invoiceFor()
    const id = clickTransId()
    const prepared = await click.prepare({ clickTransId: id, invoiceId: invoice, amount: AMOUNT })
    const complete = {
      clickTransId: id,
      invoiceId: invoice,
      amount: AMOUNT,
      prepareId: prepared.merchant_prepare_id!,
    }
    const answers = await Promise.all([
      click.complete(complete),
      click.complete(complete),
      click.complete(complete),
    ])
    expect(answers.map((answer) => answer.error).sort()).toEqual([-4, -4, 0])
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    await expectLedgerConsistent(t, [executor])
  })

  it('twenty Complete calls at once: one success, nineteen −4, one activation', async () => {
    const click = fakeClick(t)
    const { executor, invoice } = await invoiceFor()
    const id = clickTransId()
    const prepared = await click.prepare({ clickTransId: id, invoiceId: invoice, amount: AMOUNT })
    const complete = {
      clickTransId: id,
      invoiceId: invoice,
      amount: AMOUNT,
      prepareId: prepared.merchant_prepare_id!,
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => click.complete(complete)))
    expect(answers.filter((answer) => answer.error === 0)).toHaveLength(1)
    expect(answers.filter((answer) => answer.error === -4)).toHaveLength(19)
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    await expectLedgerConsistent(t, [executor])
  })

  it('two attempts of one invoice completed at once: one pays, the other is −4', async () => {
    const click = fakeClick(t)
    const { executor, invoice } = await invoiceFor()
    const attempts = []
    for (let i = 0; i < 2; i++) {
      const id = clickTransId()
      const prepared = await click.prepare({ clickTransId: id, invoiceId: invoice, amount: AMOUNT })
      attempts.push({
        clickTransId: id,
        invoiceId: invoice,
        amount: AMOUNT,
        prepareId: prepared.merchant_prepare_id!,
      })
    }
    const answers = await Promise.all(attempts.map((attempt) => click.complete(attempt)))
    expect(answers.map((answer) => answer.error).sort()).toEqual([-4, 0])
    expect(await t.db.db.select().from(planPeriods).where(eq(planPeriods.userId, executor.id))).toHaveLength(
      1,
    )
    await expectLedgerConsistent(t, [executor])
  })
})

describe('money and the payment URL (§2.7)', () => {
  it("parses so'm strings by decimal logic", () => {
    expect(clickAmountToTiyin('1000')).toBe(100_000)
    expect(clickAmountToTiyin('1000.5')).toBe(100_050)
    expect(clickAmountToTiyin('1000.05')).toBe(100_005)
    expect(clickAmountToTiyin('0.29')).toBe(29)
    expect(clickAmountToTiyin('1e3')).toBeUndefined()
    expect(clickAmountToTiyin('-5')).toBeUndefined()
    expect(clickAmountToTiyin('1.234')).toBeUndefined()
  })

  it("builds the payment URL with the amount in so'm N.NN and our return page", async () => {
    const { invoice, url } = await invoiceFor()
    expect(url).toBe(
      clickCheckoutUrl({
        checkoutUrl: 'https://my.click.uz/services/pay',
        serviceId: CLICK_TEST_SERVICE,
        merchantId: CLICK_TEST_MERCHANT,
        amount: 9_900_000,
        transactionParam: invoice,
        returnUrl: `http://localhost:8080/wallet/success?invoice_id=${invoice}`,
      }),
    )
    const parsed = new URL(url)
    expect(parsed.origin + parsed.pathname).toBe('https://my.click.uz/services/pay')
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      service_id: CLICK_TEST_SERVICE,
      merchant_id: CLICK_TEST_MERCHANT,
      amount: '99000.00',
      transaction_param: String(invoice),
      return_url: `http://localhost:8080/wallet/success?invoice_id=${invoice}`,
    })
  })
})
