import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { paymeKeyHash } from '#server/adapters/payments/payme.ts'
import { buildApp } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import { paymentProviderKeys, paymentTransactions } from '#server/db/schema/wallet.ts'
import { fakePayme, paymeId, PAYME_TEST_KEY, PAYME_TEST_MERCHANT } from '#tests/helpers/fake-payme.ts'
import { TEST_SECRET, useTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { checkout } from '#tests/helpers/wallet.ts'
import { user } from '#tests/helpers/specialists.ts'

/** Payme's ChangePassword and SetFiscalData (research/integrations.md §1.1, §1.4) against the local fake Payme. */
const config = {
  PAYME_KEY: PAYME_TEST_KEY,
  PAYME_MERCHANT_ID: PAYME_TEST_MERCHANT,
  RATE_LIMIT_PER_MINUTE: 1_000_000,
} satisfies Partial<Config>
const t = useTestApp({ config })

const NEW_KEY = 'NewKeyFromMerchantCabinet-2'

async function invoiceFor() {
  const executor = await user(t, 'executor')
  const bought = await checkout(t, executor, { plan: 'master', months: 1, provider: 'payme' })
  return { invoice: bought.invoice_id, amount: bought.amount }
}

/** Another app instance on the same database: what a second server process is. */
async function secondApp(overrides: Partial<Config> = config) {
  const app = await buildApp({
    config: { ...testConfig(overrides), JWT_SECRET: TEST_SECRET },
    database: t.db,
    clock: t.clock,
  })
  const asTestApp = { inject: (request: InjectOptions) => app.inject(request) } as unknown as TestApp
  return { app, asTestApp }
}

const storedKeys = () => t.db.db.select().from(paymentProviderKeys)

describe('ChangePassword (§1.1)', () => {
  it('rotates the key: the old one is refused with −32504 on the next call, the new one accepted', async () => {
    const { invoice, amount } = await invoiceFor()
    const old = fakePayme(t)
    expect((await old.checkPerform(invoice, amount)).result).toEqual({ allow: true })

    const changed = await old.call('ChangePassword', { password: NEW_KEY })
    expect(changed.result).toEqual({ success: true })
    expect(changed.error).toBeUndefined()

    const refused = await old.checkPerform(invoice, amount)
    expect(refused.error?.code).toBe(-32504)
    const current = fakePayme(t, NEW_KEY)
    expect((await current.checkPerform(invoice, amount)).result).toEqual({ allow: true })
    const id = paymeId()
    expect((await current.create(id, invoice, amount, t.clock.now().getTime())).result?.state).toBe(1)
    expect((await current.check(id)).result?.state).toBe(1)

    // And again: the cabinet rotates from the stored key, and PAYME_KEY stays refused.
    const third = 'ThirdKeyFromMerchantCabinet'
    expect((await current.call('ChangePassword', { password: third })).result).toEqual({ success: true })
    expect((await current.check(id)).error?.code).toBe(-32504)
    expect((await old.check(id)).error?.code).toBe(-32504)
    expect((await fakePayme(t, third).check(id)).result?.state).toBe(1)
  })

  it('stores only the SHA-256 of the key', async () => {
    await fakePayme(t).call('ChangePassword', { password: NEW_KEY })
    const rows = await storedKeys()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.provider).toBe('payme')
    expect(rows[0]!.keyHash).toBe(paymeKeyHash(NEW_KEY))
    expect(rows[0]!.keyHash).not.toContain(NEW_KEY)
    expect(JSON.stringify(rows)).not.toContain(NEW_KEY)
  })

  it('refuses the current password as the new one with −32504, and changes nothing', async () => {
    const payme = fakePayme(t)
    const same = await payme.call('ChangePassword', { password: PAYME_TEST_KEY })
    expect(same.error?.code).toBe(-32504)
    expect(same.result).toBeUndefined()
    expect(await storedKeys()).toHaveLength(0)

    await payme.call('ChangePassword', { password: NEW_KEY })
    const again = await fakePayme(t, NEW_KEY).call('ChangePassword', { password: NEW_KEY })
    expect(again.error?.code).toBe(-32504)
  })

  it('refuses an empty, missing, non-string, short or long password with −31050 data "password"', async () => {
    const payme = fakePayme(t)
    for (const params of [
      { password: '' },
      {},
      { password: null },
      { password: 12345678 },
      { password: 'short' },
      { password: 'x'.repeat(129) },
    ]) {
      const answer = await payme.call('ChangePassword', params)
      expect(answer.error?.code, JSON.stringify(params)).toBe(-31050)
      expect(answer.error?.data).toBe('password')
      expect(answer.error?.message.ru).toBeTruthy()
      expect(answer.error?.message.uz).toBeTruthy()
      expect(answer.error?.message.en).toBeTruthy()
    }
    expect(await storedKeys()).toHaveLength(0)
    expect((await payme.call('ChangePassword', { password: 'x'.repeat(128) })).result).toEqual({
      success: true,
    })
  })

  it('refuses a wrong Basic auth with −32504, as for every method', async () => {
    const payme = fakePayme(t)
    for (const auth of [
      null,
      payme.authorization('Paycom', 'wrong-key'),
      payme.authorization('Payme', PAYME_TEST_KEY),
    ]) {
      const answer = await payme.call('ChangePassword', { password: NEW_KEY }, auth)
      expect(answer.error?.code).toBe(-32504)
    }
    expect(await storedKeys()).toHaveLength(0)
  })

  it('holds at once on a second app instance on the same database', async () => {
    const { invoice, amount } = await invoiceFor()
    const second = await secondApp()
    try {
      const onSecondOld = fakePayme(second.asTestApp)
      expect((await onSecondOld.checkPerform(invoice, amount)).result).toEqual({ allow: true })
      expect((await fakePayme(t).call('ChangePassword', { password: NEW_KEY })).result).toEqual({
        success: true,
      })
      expect((await onSecondOld.checkPerform(invoice, amount)).error?.code).toBe(-32504)
      expect((await fakePayme(second.asTestApp, NEW_KEY).checkPerform(invoice, amount)).result).toEqual({
        allow: true,
      })
      expect((await fakePayme(t, NEW_KEY).checkPerform(invoice, amount)).result).toEqual({ allow: true })
    } finally {
      await second.app.close()
    }
  })

  it('answers −32601 in sandbox mode (no PAYME_KEY), so the sandbox key cannot be changed', async () => {
    const sandbox = await secondApp({ RATE_LIMIT_PER_MINUTE: 1_000_000 })
    try {
      const keys = sandbox.app.services.wallet.keys.payme
      expect(keys.sandbox).toBe(true)
      const payme = fakePayme(sandbox.asTestApp, keys.key)
      const answer = await payme.call('ChangePassword', { password: NEW_KEY })
      expect(answer.error?.code).toBe(-32601)
      expect(answer.error?.data).toBe('ChangePassword')
      expect(await storedKeys()).toHaveLength(0)
      expect((await payme.call('GetStatement', { from: 0, to: 1 })).result).toEqual({ transactions: [] })
    } finally {
      await sandbox.app.close()
    }
  })
})

describe('SetFiscalData (§1.4)', () => {
  const receipt = (n: number) => ({
    receipt_id: 1000 + n,
    status_code: 0,
    message: 'accepted',
    terminal_id: 'EP000000000025',
    fiscal_sign: '123456789012',
    qr_code_url: 'https://ofd.soliq.uz/check?t=EP000000000025&r=1000&c=20201111',
    date: '20201111120000',
  })

  async function performed() {
    const { invoice, amount } = await invoiceFor()
    const payme = fakePayme(t)
    const id = paymeId()
    await payme.create(id, invoice, amount, t.clock.now().getTime())
    expect((await payme.perform(id)).result?.state).toBe(2)
    return { payme, id }
  }
  const stored = async (id: string) =>
    (await t.db.db.select().from(paymentTransactions).where(eq(paymentTransactions.providerId, id)))[0]!

  it('stores the receipt as received and answers { success: true }; a repeated call keeps the latest', async () => {
    const { payme, id } = await performed()
    const before = await stored(id)
    const first = await payme.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: receipt(1) })
    expect(first.result).toEqual({ success: true })
    expect((await stored(id)).fiscalPerform).toEqual(receipt(1))
    expect((await stored(id)).fiscalCancel).toBeNull()

    const again = await payme.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: receipt(2) })
    expect(again.result).toEqual({ success: true })
    expect((await stored(id)).fiscalPerform).toEqual(receipt(2))

    expect(
      (await payme.call('SetFiscalData', { id, type: 'CANCEL', fiscal_data: receipt(3) })).result,
    ).toEqual({
      success: true,
    })
    const after = await stored(id)
    expect(after.fiscalCancel).toEqual(receipt(3))
    expect(after.fiscalPerform).toEqual(receipt(2))
    // Nothing else of the transaction moves.
    expect({ ...after, fiscalPerform: null, fiscalCancel: null }).toEqual(before)
  })

  it('answers −32001 for an unknown transaction', async () => {
    const answer = await fakePayme(t).call('SetFiscalData', {
      id: paymeId(),
      type: 'PERFORM',
      fiscal_data: receipt(1),
    })
    expect(answer.error?.code).toBe(-32001)
    expect(answer.error?.message.ru).toBeTruthy()
    expect(answer.error?.message.uz).toBeTruthy()
    expect(answer.error?.message.en).toBeTruthy()
  })

  it('refuses a wrong type, a non-object receipt and an oversized one with −32600', async () => {
    const { payme, id } = await performed()
    for (const params of [
      { id, type: 'REFUND', fiscal_data: receipt(1) },
      { id, type: 'perform', fiscal_data: receipt(1) },
      { id, fiscal_data: receipt(1) },
      { id, type: 'PERFORM', fiscal_data: 'receipt' },
      { id, type: 'PERFORM', fiscal_data: [receipt(1)] },
      { id, type: 'PERFORM', fiscal_data: null },
      { id, type: 'PERFORM' },
      { id, type: 'PERFORM', fiscal_data: { blob: 'x'.repeat(16 * 1024) } },
    ]) {
      const answer = await payme.call('SetFiscalData', params)
      expect(answer.error?.code, JSON.stringify(params).slice(0, 80)).toBe(-32600)
    }
    expect((await stored(id)).fiscalPerform).toBeNull()
  })

  it('refuses a wrong Basic auth with −32504', async () => {
    const { payme, id } = await performed()
    const answer = await payme.call(
      'SetFiscalData',
      { id, type: 'PERFORM', fiscal_data: receipt(1) },
      payme.authorization('Paycom', 'wrong-key'),
    )
    expect(answer.error?.code).toBe(-32504)
    expect((await stored(id)).fiscalPerform).toBeNull()
  })
})
