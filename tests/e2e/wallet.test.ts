import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Wallet } from '#contract/schemas/wallet.ts'
import { openDatabase } from '#server/db/client.ts'
import { runPromoCode } from '../../scripts/promo-code.ts'
import {
  DEMO_CUSTOMER,
  expectAccessible,
  launchChromium,
  logInQuietly,
  openPhone,
  registerSpecialist,
  startProduct,
  useProduct,
} from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'
const SPEC_MESSAGE = 'Оплата не прошла или была отменена, попробуйте позже.'

async function walletOf(token: string, url = product.url) {
  const response = await fetch(`${url}${V1}/wallet`, {
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

/** The profile editor's Statistics section (docs/decisions/016: the master plan shows it). */
async function statisticsSection(page: Page, url: string) {
  await page.goto(`${url}/account`)
  const region = page.getByRole('region', { name: 'Статистика' })
  await region.waitFor({ timeout: 30_000 })
  return region
}

describe('wallet', () => {
  test('a specialist buys master through Payme, extends it through Click, sees both payments, and a cancelled one fails', async () => {
    // A new specialist: the demo one has a plan from the demo seeds.
    const { phone, token } = await registerSpecialist(product.url, 'Sardor', 'Aliyev')
    const { page, problems } = await openPhone(product.browser)
    await logInQuietly(page, product.url, phone, 'executor')

    await page.goto(`${product.url}/wallet`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Кошелёк' }).isVisible()).toBe(true)
    await page.getByRole('group', { name: 'Тариф' }).waitFor()
    expect(await page.getByText('Нет тарифа').isVisible()).toBe(true)
    await expectAccessible(page, '/wallet')

    // Without a plan the profile editor's statistics are locked, naming the plan that shows them.
    const locked = await statisticsSection(page, product.url)
    await locked.getByText('Доступно с тарифом «Мастер»').waitFor()
    expect(await locked.getByRole('link', { name: 'Выбрать тариф' }).getAttribute('href')).toBe('/wallet')
    expect(await locked.getByRole('table').count()).toBe(0)
    await expectAccessible(page, '/account (statistics locked)')

    // Payme: the sandbox checkout pays, the result page shows the plan active.
    await buyMaster(page, 'Payme', 'Оплатить')
    await page.getByText(/Оплата получена, ваш тариф Мастер действует до/).waitFor()
    await expectAccessible(page, '/wallet/success')
    const afterPayme = await walletOf(token)
    expect(afterPayme.plan).toBe('master')

    // With master the specialist sees the statistics unlocked: the chart and the table of figures.
    const unlocked = await statisticsSection(page, product.url)
    await unlocked.getByRole('table', { name: 'Показатели по неделям' }).waitFor()
    expect(await unlocked.getByRole('img', { name: /по неделям/ }).count()).toBe(1)
    expect(await unlocked.getByText(/Доступно с тарифом/).count()).toBe(0)

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

describe('wallet with a promo code', () => {
  const PROMO = 'GRAD-E2E'
  // The code is made as operators make it (npm run promo-code) in the product's database before the product starts:
  // an embedded database is open in one process at a time.
  const state = {} as { dir: string; product: Awaited<ReturnType<typeof startProduct>>; browser: Browser }
  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), 'fika-e2e-promo-'))
    const database = await openDatabase({
      ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
      dataDir: state.dir,
    })
    await database.migrate()
    await runPromoCode(database.db, [
      'create',
      PROMO,
      '--plan',
      'master',
      '--percent',
      '30',
      '--uses',
      '10',
      '--until',
      '2099-12-31',
    ])
    await database.close()
    state.product = await startProduct({ DATA_DIR: state.dir })
    state.browser = await launchChromium()
  })
  afterAll(async () => {
    await state.browser?.close()
    await state.product?.stop()
    if (state.dir) await rm(state.dir, { recursive: true, force: true })
  })

  test('a specialist pays master with 30 % off through the sandbox, and the history shows the discounted amount', async () => {
    const url = state.product.url
    const { phone, token } = await registerSpecialist(url, 'Malika', 'Tursunova')
    const { page, problems } = await openPhone(state.browser)
    await logInQuietly(page, url, phone, 'executor')
    await page.goto(`${url}/wallet`)
    await page.getByRole('group', { name: 'Тариф' }).waitFor({ timeout: 30_000 })
    await page.getByRole('radio', { name: /Мастер/ }).check()
    await page.getByRole('radio', { name: /1 месяц/ }).check()
    await page.getByRole('radio', { name: /Payme/ }).check()
    await page.getByLabel('Промокод').fill(PROMO.toLowerCase())
    await page.getByRole('button', { name: 'Применить' }).click()
    await page.getByText(new RegExp(`Код ${PROMO}: скидка 30\\s?%`)).waitFor()
    // 99 000 so'm less 30 %: 69 300 so'm, shown on the button before paying.
    const pay = page.getByRole('button', { name: /^Оплатить 69\s300 сум$/ })
    await pay.waitFor()
    await expectAccessible(page, '/wallet (a promo code applied)')
    await pay.click()
    await page.waitForURL(/\/api\/payments\/sandbox\/payme\/\d+$/)
    await page
      .getByText(/69\s300/)
      .first()
      .waitFor()
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click()
    await page.waitForURL(/\/wallet\/success\?invoice_id=\d+$/)
    await page.getByText(/Оплата получена, ваш тариф Мастер действует до/).waitFor()
    expect((await walletOf(token, url)).plan).toBe('master')

    await page.getByRole('link', { name: 'Вернуться в кошелёк' }).click()
    await page.waitForURL(`${url}/wallet`)
    const history = page.getByRole('region', { name: 'История платежей' })
    await expect.poll(() => history.getByRole('listitem').count()).toBe(1)
    expect(await history.getByText(/69\s300 сум/).count()).toBe(1)
    expect(await history.getByText(/99\s000/).count()).toBe(0)
    expect(problems).toEqual([])
  })
})
