import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { Wallet } from '#contract/schemas/wallet.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  logInQuietly,
  openPhone,
  useProduct,
} from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'
const SPEC_MESSAGE = 'Оплата не прошла или была отменена, попробуйте позже.'

async function walletOf(token: string) {
  const response = await fetch(`${product.url}${V1}/wallet`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return (await response.json()) as Wallet
}

/** On /wallet: master for 1 month through `provider`, then the sandbox checkout's Pay or Cancel. */
async function buyMaster(page: Page, provider: 'Payme' | 'Click', action: 'Оплатить' | 'Отменить') {
  await page.goto(`${product.url}/wallet`)
  await page.getByRole('radio', { name: /Мастер/ }).check()
  await page.getByRole('radio', { name: /1 месяц/ }).check()
  await page.getByRole('radio', { name: new RegExp(provider) }).check()
  await page.getByRole('button', { name: /^Оплатить 99\s000 сум$/ }).click()
  await page.waitForURL(new RegExp(`/api/payments/sandbox/${provider.toLowerCase()}/\\d+$`))
  await page.getByRole('button', { name: action, exact: true }).click()
  await page.waitForURL(
    new RegExp(`/wallet/${action === 'Оплатить' ? 'success' : 'failed'}\\?invoice_id=\\d+$`),
  )
}

describe('wallet', () => {
  test('a specialist buys master through Payme, extends it through Click, sees both payments, and a cancelled one fails', async () => {
    const token = await apiLogin(product.url, DEMO_EXECUTOR, 'executor')
    const { page, problems } = await openPhone(product.browser)
    await logInQuietly(page, product.url, DEMO_EXECUTOR, 'executor')

    await page.goto(`${product.url}/wallet`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Кошелёк' }).isVisible()).toBe(true)
    await page.getByRole('group', { name: 'Тариф' }).waitFor()
    expect(await page.getByText('Нет тарифа').isVisible()).toBe(true)
    await expectAccessible(page, '/wallet')

    // Payme: the sandbox checkout pays, the result page shows the plan active.
    await buyMaster(page, 'Payme', 'Оплатить')
    await page.getByText(/Оплата получена, ваш тариф Мастер действует до/).waitFor()
    await expectAccessible(page, '/wallet/success')
    const afterPayme = await walletOf(token)
    expect(afterPayme.plan).toBe('master')

    // Click: the same plan again extends it by a month.
    await buyMaster(page, 'Click', 'Оплатить')
    await page.getByText(/Оплата получена, ваш тариф Мастер действует до/).waitFor()
    const afterClick = await walletOf(token)
    const days = (Date.parse(afterClick.until!) - Date.parse(afterPayme.until!)) / 86_400_000
    expect(days).toBeGreaterThanOrEqual(28)
    expect(days).toBeLessThanOrEqual(31)

    // Both payments in the history.
    await page.getByRole('link', { name: 'Вернуться в кошелёк' }).click()
    await page.waitForURL(`${product.url}/wallet`)
    const history = page.getByRole('region', { name: 'История платежей' })
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2)
    expect(await history.getByText('Оплачен').count()).toBe(2)
    expect(await history.getByText('Payme', { exact: true }).count()).toBe(1)
    expect(await history.getByText('Click', { exact: true }).count()).toBe(1)
    expect(await page.getByText(/^Мастер, до /).isVisible()).toBe(true)

    // The history as a file: fetched with the access token, saved through an object URL.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('fika-wallet.csv')
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv.trim().split('\n')).toHaveLength(3)

    // Cancel on the checkout: /wallet/failed with the spec's message.
    await buyMaster(page, 'Payme', 'Отменить')
    await page.getByText(SPEC_MESSAGE).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: 'Оплата не прошла' }).isVisible()).toBe(true)
    await expectAccessible(page, '/wallet/failed')
    expect((await walletOf(token)).until).toBe(afterClick.until)

    expect(problems).toEqual([])
  })

  test('a customer is told that plans are for specialists', async () => {
    const { page, problems } = await openPhone(product.browser)
    await logInQuietly(page, product.url, DEMO_CUSTOMER, 'customer')
    await page.goto(`${product.url}/wallet`)
    await page.getByText(/Тарифы предназначены для специалистов/).waitFor()
    expect(await page.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0)
    await expectAccessible(page, "/wallet (a customer's)")
    expect(problems).toEqual([])
  })
})
