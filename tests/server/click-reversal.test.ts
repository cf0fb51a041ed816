import Fastify, { type FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  clickMerchantAuth,
  createClickMerchantApi,
  sandboxClickMerchantApi,
} from '#server/adapters/payments/click-merchant-api.ts'
import { testConfig, type Config } from '#server/config.ts'
import { paymentTransactions, planPeriods, walletInvoices } from '#server/db/schema/wallet.ts'
import { clickMerchantApiOf, RefundCommandError, runPaymentRefund } from '../../scripts/payment-refund.ts'
import {
  CLICK_TEST_MERCHANT,
  CLICK_TEST_SECRET,
  CLICK_TEST_SERVICE,
  clickTransId,
  fakeClick,
} from '#tests/helpers/fake-click.ts'
import { user, type Caller } from '#tests/helpers/specialists.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, walletOf } from '#tests/helpers/wallet.ts'

/**
 * Refunding a Click payment: our Merchant API client against a local fake of api.click.uz (research/integrations.md
 * §2.8, §2.9 test 7), and `npm run payment-refund` on top of it.
 */
const CLICK_KEYS = {
  CLICK_SECRET_KEY: CLICK_TEST_SECRET,
  CLICK_SERVICE_ID: CLICK_TEST_SERVICE,
  CLICK_MERCHANT_ID: CLICK_TEST_MERCHANT,
  CLICK_MERCHANT_USER_ID: '4321',
  RATE_LIMIT_PER_MINUTE: 1_000_000,
} as const
const t = useTestApp({ config: CLICK_KEYS })

/** A local api.click.uz: checks the Auth header like Click, answers what the test asks, records the calls. */
type FakeAnswer = { status: number; body: unknown }
const fake = {
  server: undefined as FastifyInstance | undefined,
  url: '',
  answer: { status: 200, body: { error_code: 0, error_note: 'Success' } } as FakeAnswer,
  calls: [] as { serviceId: string; paymentId: string; auth: string | undefined }[],
}
beforeAll(async () => {
  const server = Fastify()
  // Click's docs ask for `Content-Type: application/json` on every call, a DELETE without a body included.
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body === '' ? undefined : JSON.parse(String(body))),
  )
  server.delete<{ Params: { serviceId: string; paymentId: string } }>(
    '/v2/merchant/payment/reversal/:serviceId/:paymentId',
    async (request, reply) => {
      const auth = request.headers.auth as string | undefined
      fake.calls.push({ ...request.params, auth })
      const [userId, digest, timestamp] = (auth ?? '').split(':')
      if (
        userId !== '4321' ||
        !timestamp ||
        digest !== clickMerchantAuth('4321', CLICK_TEST_SECRET, Number(timestamp)).split(':')[1]
      )
        return reply.status(401).send({ error_code: -1, error_note: 'Authorization failed' })
      return reply.status(fake.answer.status).send(fake.answer.body)
    },
  )
  await server.listen({ port: 0, host: '127.0.0.1' })
  fake.server = server
  fake.url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}/v2/merchant`
})
afterAll(async () => {
  await fake.server?.close()
})
beforeEach(() => {
  fake.calls = []
  fake.answer = { status: 200, body: { error_code: 0, error_note: 'Success' } }
})

const configWith = (overrides: Partial<Config> = {}) => ({
  ...testConfig({ ...CLICK_KEYS, CLICK_MERCHANT_API_URL: fake.url, ...overrides }),
  JWT_SECRET: TEST_SECRET,
})
const refund = (invoiceId: number | string, overrides: Partial<Config> = {}) =>
  runPaymentRefund(t.db.db, configWith(overrides), [String(invoiceId)], { clock: t.clock })

/** Master for a month bought through the fake Click; answers the invoice and Click's payment id. */
async function paidWithClick(caller?: Caller) {
  const executor = caller ?? (await user(t, 'executor'))
  const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'click' })
  const click = fakeClick(t)
  const id = clickTransId()
  const prepared = await click.prepare({ clickTransId: id, invoiceId: bought.invoice_id, amount: '99000.00' })
  const completed = await click.complete({
    clickTransId: id,
    invoiceId: bought.invoice_id,
    amount: '99000.00',
    prepareId: prepared.merchant_prepare_id!,
  })
  expect(completed.error).toBe(0)
  // The fake Click's payment id is its transaction id + 1.
  return { executor, invoiceId: bought.invoice_id, paymentId: String(Number(id) + 1) }
}

describe('the Merchant API client', () => {
  it('signs with merchant_user_id:sha1(timestamp + secret):timestamp (the research test vector)', () => {
    expect(clickMerchantAuth('123', 'SECRET', 1519051543)).toBe(
      '123:c094893e07700c6cbdc7c74b6745596fb1750183:1519051543',
    )
  })

  it('asks Click to reverse a payment by its service and payment id, and reads error_code', async () => {
    const api = createClickMerchantApi({
      baseUrl: fake.url,
      serviceId: CLICK_TEST_SERVICE,
      merchantUserId: '4321',
      secretKey: CLICK_TEST_SECRET,
    })
    expect(await api.reverse('777')).toEqual({ ok: true, errorCode: 0, errorNote: 'Success' })
    expect(fake.calls).toEqual([
      {
        serviceId: CLICK_TEST_SERVICE,
        paymentId: '777',
        auth: expect.stringMatching(/^4321:[0-9a-f]{40}:\d{10}$/),
      },
    ])
    fake.answer = { status: 200, body: { error_code: -5017, error_note: 'Reversal is not possible' } }
    expect(await api.reverse('778')).toEqual({
      ok: false,
      errorCode: -5017,
      errorNote: 'Reversal is not possible',
    })
  })

  it('refuses an answer without error_code rather than guess', async () => {
    fake.answer = { status: 502, body: '<html>Bad gateway</html>' }
    const api = createClickMerchantApi({
      baseUrl: fake.url,
      serviceId: CLICK_TEST_SERVICE,
      merchantUserId: '4321',
      secretKey: CLICK_TEST_SECRET,
    })
    await expect(api.reverse('779')).rejects.toThrow(/without an error_code/)
  })
})

describe('npm run payment-refund', () => {
  it('reverses a paid Click invoice: the invoice is refunded, the plan days are gone and the ledger agrees', async () => {
    const { executor, invoiceId, paymentId } = await paidWithClick()
    expect((await walletOf(t, executor)).plan).toBe('master')

    expect(await refund(invoiceId)).toMatch(/refunded 99,000 so'm/)

    expect(fake.calls.map((call) => call.paymentId)).toEqual([paymentId])
    const [invoice] = await t.db.db.select().from(walletInvoices).where(eq(walletInvoices.id, invoiceId))
    expect(invoice!.status).toBe('refunded')
    const [transaction] = await t.db.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.invoiceId, invoiceId))
    expect(transaction).toMatchObject({ state: -2, reason: 5 })
    const [period] = await t.db.db.select().from(planPeriods).where(eq(planPeriods.invoiceId, invoiceId))
    expect(period!.revokedAt).not.toBeNull()
    const wallet = await walletOf(t, executor)
    expect(wallet.plan).toBeNull()
    expect(wallet.features).toEqual([])
    await expectLedgerConsistent(t, [executor])

    // The history shows the payment as refunded.
    const history = await t.call('GET', '/wallet/transactions', executor)
    expect(history.json<{ collection: { status: string }[] }>().collection[0]!.status).toBe('refunded')
  })

  it('changes nothing when Click refuses the reversal, and says why', async () => {
    const { executor, invoiceId } = await paidWithClick()
    fake.answer = { status: 200, body: { error_code: -5017, error_note: 'Reversal is not possible' } }
    await expect(refund(invoiceId)).rejects.toThrow(
      `Invoice ${invoiceId} was not refunded: Click refused the reversal: -5017 Reversal is not possible.`,
    )
    expect((await walletOf(t, executor)).plan).toBe('master')
    const [invoice] = await t.db.db.select().from(walletInvoices).where(eq(walletInvoices.id, invoiceId))
    expect(invoice!.status).toBe('paid')
    await expectLedgerConsistent(t, [executor])
  })

  it('refunds once: a second run is told it is already refunded and does not call Click again', async () => {
    const { executor, invoiceId } = await paidWithClick()
    await refund(invoiceId)
    await expect(refund(invoiceId)).rejects.toThrow(/already refunded/)
    expect(fake.calls).toHaveLength(1)
    await expectLedgerConsistent(t, [executor])
  })

  it('refuses an unpaid invoice, a Payme invoice, an unknown one and a malformed id, without calling Click', async () => {
    const executor = await user(t, 'executor')
    const pending = await checkout(t, executor, { plan: 'starter', months: 1, provider: 'click' })
    await expect(refund(pending.invoice_id)).rejects.toThrow(/is not paid/)
    const payme = await checkout(t, executor, { plan: 'starter', months: 1, provider: 'payme' })
    await expect(refund(payme.invoice_id)).rejects.toThrow(/Payme merchant cabinet/)
    await expect(refund(999_999)).rejects.toThrow(/no such invoice/)
    await expect(refund('12abc')).rejects.toThrow(RefundCommandError)
    await expect(refund('99999999999')).rejects.toThrow(/Usage/)
    expect(fake.calls).toHaveLength(0)
  })

  it('reverses in sandbox mode without Click keys, and never in production', () => {
    const bare = { CLICK_SECRET_KEY: undefined, CLICK_SERVICE_ID: undefined, CLICK_MERCHANT_ID: undefined }
    expect(clickMerchantApiOf(configWith(bare))).toBe(sandboxClickMerchantApi)
    expect(() => clickMerchantApiOf(configWith({ ...bare, NODE_ENV: 'production' }))).toThrow(
      /keys are not set/,
    )
    expect(() => clickMerchantApiOf(configWith({ CLICK_MERCHANT_USER_ID: undefined }))).toThrow(
      /CLICK_MERCHANT_USER_ID/,
    )
  })
})
