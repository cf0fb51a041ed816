import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  expectAccessible,
  openPhone,
  useProduct,
  waitForServiceWorker,
  waitUntilSaved,
} from './helpers.ts'

const product = useProduct()
const path = (url: string) => new URL(url).pathname
const SAVED = /Нет подключения: показаны данные, сохранённые на этом устройстве/

/** The saved-data notice, then the page's own heading: what a person reads offline. */
async function expectSavedCopy(page: Page, heading: string | RegExp, level: number) {
  await page.getByRole('heading', { name: heading, level }).waitFor()
  await page.getByText(SAVED).first().waitFor()
}

describe('offline after one visit', () => {
  test('a new visitor opens / once, goes offline, and uses /services-all, a category’s services and search', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    await page.goto(product.url)
    await page.getByRole('region', { name: 'Категории' }).waitFor()
    // In the background after the first screen, the whole catalogue goes to the device.
    await waitUntilSaved(page, 'catalogue:kept')
    await waitForServiceWorker(page)
    await context.setOffline(true)

    await page.goto(`${product.url}/services-all`)
    await expectSavedCopy(page, 'Мастера по ремонту', 2)
    await page.getByRole('link', { name: 'Электрика' }).waitFor()
    await expectAccessible(page, '/services-all offline, never opened online')

    await page.goto(`${product.url}/services-all?category=domashniy-personal`)
    await expectSavedCopy(page, 'Домашний персонал', 2)
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(1)

    await page.goto(`${product.url}/mastera-po-remontu/services`)
    await expectSavedCopy(page, 'Мастера по ремонту', 1)
    // A service with sub-services leads to their choice.
    expect(await page.getByRole('link', { name: 'Электрика', exact: true }).getAttribute('href')).toBe(
      '/mastera-po-remontu/elektrika/select',
    )
    await expectAccessible(page, 'a category’s services offline, never opened online')

    // The search works from the saved catalogue, with the typo of a hurried thumb.
    await page.goto(product.url)
    const search = page.getByRole('combobox', { name: 'Найти услугу' })
    await search.fill('электирк')
    const results = page.locator('.search__results')
    await results.getByRole('link', { name: /^Электрика/ }).waitFor()
    await page.getByText(/сохранённых данных/).waitFor()
    await search.fill('уброка')
    await results
      .getByRole('link', { name: /^Уборка/ })
      .first()
      .waitFor()
    await results
      .getByRole('link', { name: /^Уборка/ })
      .first()
      .click()
    await expect.poll(() => path(page.url())).toBe('/domashniy-personal/uborka/work-place')

    // An information page never opened says that it is not saved instead of failing.
    await page.goto(`${product.url}/about`)
    await page.getByRole('heading', { name: 'Нет подключения к интернету', level: 1 }).waitFor()
    await context.setOffline(false)
    expect(problems.filter((problem) => !/offline|Failed to fetch|ERR_/.test(problem))).toEqual([])
  })

  test('a customer reads the order list and an order page opened online as saved copies offline', async () => {
    const token = await apiLogin(product.url, DEMO_CUSTOMER)
    const electrics = await fetch(
      `${product.url}${endpoints.categoryService.path.replace('{id}', 'mastera-po-remontu').replace('{slug}', 'elektrika')}`,
    )
    const published = await fetch(`${product.url}${endpoints.publishOrder.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        services: [((await electrics.json()) as { id: number }).id],
        at_customer: true,
        address: 'Ташкент, Чиланзар',
        name: 'Заменить розетки на кухне',
      }),
    })
    expect(published.status).toBe(201)
    const orderId = ((await published.json()) as { id: number }).id
    const profile = await (
      await fetch(`${product.url}${endpoints.profile.path}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()

    const { page, context, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/about`)
    await page.evaluate(
      (session) => localStorage.setItem('fika.session', JSON.stringify({ state: session, version: 0 })),
      { token, profile },
    )
    await page.goto(`${product.url}/orders`)
    await page.getByRole('link', { name: /Заменить розетки на кухне/ }).click()
    await page.getByRole('heading', { name: 'Заменить розетки на кухне', level: 1 }).waitFor()
    await expect.poll(() => path(page.url())).toBe(`/order/${orderId}`)
    // Kept at once, well before the 3 s after a page's load that background saving waits: a person who loses the
    // network right after opening an order still has it.
    await waitUntilSaved(page, `order:${orderId}`, { timeout: 1500 })
    await waitForServiceWorker(page)
    await context.setOffline(true)

    await page.reload()
    await expectSavedCopy(page, 'Заменить розетки на кухне', 1)
    await expectAccessible(page, 'an order offline')
    await page.goto(`${product.url}/orders`)
    await page.getByText(SAVED).first().waitFor()
    await page.getByRole('link', { name: /Заменить розетки на кухне/ }).waitFor()
    await context.setOffline(false)
    expect(problems.filter((problem) => !/offline|Failed to fetch|ERR_/.test(problem))).toEqual([])
  })
})
