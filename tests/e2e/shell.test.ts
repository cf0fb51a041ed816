import { describe, expect, test } from 'vitest'
import {
  expectAccessible,
  logInThroughModal,
  openPhone,
  useProduct,
  waitForServiceWorker,
  waitUntilSaved,
} from './helpers.ts'

const product = useProduct()

const DEMO_EXECUTOR = '998901110002'
const DEMO_PASSWORD = 'fika-demo-2026'
const DEMO_CUSTOMER = '998901110001'
const V1 = '/api/fika/freelancer/v1.0.1'

/** An open order of the demo customer, published through the API. */
async function publishAsDemoCustomer(name: string) {
  const login = await fetch(`${product.url}${V1}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_CUSTOMER, password: DEMO_PASSWORD, type: 'customer' }),
  })
  const { token } = (await login.json()) as { token: string }
  const service = await fetch(`${product.url}${V1}/categories/mastera-po-remontu/restnew/elektrika`)
  const published = await fetch(`${product.url}${V1}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      services: [((await service.json()) as { id: number }).id],
      name,
      is_online: true,
    }),
  })
  return (await published.json()) as { id: number }
}

describe('the app shell', () => {
  test('a guest sent to a private page lands on the home page', async () => {
    const { page, problems } = await openPhone(product.browser)
    for (const path of ['/wallet', '/account', '/notifications', '/orders/map']) {
      await page.goto(`${product.url}${path}`)
      await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe('/')
    }
    await page.goto(`${product.url}/orders`)
    await page.getByRole('heading', { name: 'Заказы' }).waitFor()
    await expectAccessible(page, '/orders')
    await page.goto(`${product.url}/domashniy-personal/uborka/work-place`)
    await page.getByRole('heading', { name: 'Новый заказ' }).waitFor()
    await expectAccessible(page, 'the order wizard route')
    expect(problems).toEqual([])
  })

  test('a guest who opens a page for members logs in and is back on that page', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/notifications`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await logInThroughModal(page, DEMO_CUSTOMER)
    await page.waitForURL(`${product.url}/notifications`)
    await expectAccessible(page, '/notifications after the login')
    expect(problems).toEqual([])
  })

  test('an executor is sent away from order creation but may view an order', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/?modal=login`)
    await page.getByLabel('Номер телефона').pressSequentially(DEMO_EXECUTOR.slice(3))
    await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Войти как исполнитель' }).click()
    await page.waitForURL(`${product.url}/account`)

    for (const path of [
      '/domashniy-personal',
      '/domashniy-personal/uborka',
      '/mastera-po-remontu/elektrika/select',
    ]) {
      await page.goto(`${product.url}${path}`)
      await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe('/')
    }
    const order = await publishAsDemoCustomer('Собрать кухонный гарнитур')
    await page.goto(`${product.url}/order/${order.id}`)
    await page.getByRole('heading', { name: 'Собрать кухонный гарнитур' }).waitFor()
    await expectAccessible(page, `/order/${order.id} for an executor`)
    // The logo takes a logged-in executor to the own profile.
    await page.getByRole('link', { name: /Fika/ }).first().click()
    await page.waitForURL(`${product.url}/account`)
    await expectAccessible(page, '/account of an executor')
    expect(problems).toEqual([])
  })

  test('the language switch reloads the app in the chosen language and the server answers in it', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(product.url)
    await page.getByRole('heading', { name: 'Найдите специалиста для любой задачи' }).waitFor()
    await expectAccessible(page, 'home in Russian')
    await page.getByLabel('Язык').selectOption('en')
    await page.getByRole('heading', { name: 'Find a specialist for any task' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')

    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.getByLabel('Phone number').pressSequentially('901119999')
    await page.getByLabel('Password', { exact: true }).fill('wrong-2026')
    const request = page.waitForRequest((r) => r.url().endsWith('/auth/login'))
    await page.getByRole('button', { name: 'Log in as customer' }).click()
    expect((await request).headers()['accept-language']).toBe('en')
    await page.getByText('Wrong phone number or password').waitFor()

    await page.getByRole('button', { name: 'Close' }).click()
    await page.getByLabel('Language').selectOption('oz')
    await page.getByRole('heading', { name: 'Har qanday vazifa uchun mutaxassis toping' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('uz-Latn')
    await page.getByLabel('Til').selectOption('uz')
    await page.getByRole('heading', { level: 1, name: /мутахассис/ }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('uz-Cyrl')
    await expectAccessible(page, 'home in Uzbek Cyrillic')
    expect(problems).toEqual([])
  })

  test('an unknown address shows the 404 page, which can carry a message', async () => {
    const { page } = await openPhone(product.browser)
    // Any one-segment path could be a category (the spec's /{categorySlug}); one that cannot be a slug is not.
    await page.goto(`${product.url}/No%20Such%20Page.html`)
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor()
    await page.goto(
      `${product.url}/404?message=${encodeURIComponent('Заказ не найден')}&description=${encodeURIComponent('Его удалил заказчик')}`,
    )
    await page.getByRole('heading', { name: 'Заказ не найден' }).waitFor()
    await page.getByText('Его удалил заказчик').waitFor()
    await expectAccessible(page, 'the 404 page')
  })

  test('the app reloads with no network after its first visit', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    // One visit: the home page and two information pages, read once with the network.
    await page.goto(`${product.url}/faq`)
    await page.getByRole('heading', { name: 'Частые вопросы', level: 1 }).waitFor()
    await waitUntilSaved(page, 'page:faq')
    await page.goto(`${product.url}/about`)
    await page.getByRole('heading', { level: 1, name: 'О сервисе Fika' }).waitFor()
    await waitUntilSaved(page, 'page:about')
    await page.goto(product.url)
    await waitForServiceWorker(page)
    // The home page keeps its categories on the device once its first screen has loaded.
    await waitUntilSaved(page, 'categories:home')
    await context.setOffline(true)
    await page.reload()
    await page
      .getByRole('heading', { name: 'Найдите специалиста для любой задачи' })
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${problems.join('\n')}\n${(await page.content()).slice(0, 2000)}`)
      })
    // The categories come from the device, and the page says so with their time: one offline banner, not two.
    await page.getByText('Нет подключения: показаны данные, сохранённые на этом устройстве').waitFor()
    expect(await page.getByText('Нет подключения к интернету').isVisible()).toBe(false)
    await expectAccessible(page, 'home offline')
    await page.getByRole('link', { name: 'О нас' }).click()
    await page.getByRole('heading', { name: 'О сервисе Fika', level: 1 }).waitFor()
    await expectAccessible(page, '/about offline')
    await page.goto(`${product.url}/faq`)
    await page.getByRole('heading', { name: 'Частые вопросы', level: 1 }).waitFor()
    // A page of the app never opened online says that it is not saved.
    await page.goto(`${product.url}/legal/cookie-policy`)
    await page.getByRole('heading', { name: 'Нет подключения к интернету', level: 1 }).waitFor()
    // A page that is not part of the app cannot be shown offline: the offline page says so.
    await page.goto(`${product.url}/api/docs/`)
    await page.getByRole('heading', { name: 'Нет соединения с интернетом' }).waitFor()
    await expectAccessible(page, 'the offline page')
    await context.setOffline(false)
    expect(problems.filter((p) => !/offline|Failed to fetch|ERR_/.test(p))).toEqual([])
  })

  test('Chromium reports the app installable', async () => {
    const { page } = await openPhone(product.browser)
    await page.goto(product.url)
    await page.evaluate(() => navigator.serviceWorker.ready)
    const cdp = await page.context().newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])
    const manifest = await (await fetch(`${product.url}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/?source=pwa' })
    expect(
      manifest.icons.map((icon: { purpose: string; sizes: string }) => `${icon.sizes} ${icon.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    expect(manifest.shortcuts).toHaveLength(2)
    expect(manifest.screenshots).toHaveLength(2)
  })
})
