import { describe, expect, test } from 'vitest'
import { expectAccessible, openPhone, useProduct, waitForServiceWorker, waitUntilSaved } from './helpers.ts'

const product = useProduct()
const path = (url: string) => new URL(url).pathname

describe('the catalogue and the public pages', () => {
  test('the quick links and a search lead to the right order route', async () => {
    const { page, problems } = await openPhone(product.browser)
    const results = page.locator('.search__results')
    await page.goto(product.url)
    await page.getByRole('region', { name: 'Категории' }).waitFor()
    await expectAccessible(page, 'the home page')

    const quickLinks = {
      Уборка: '/domashniy-personal/uborka/work-place',
      'Репетитор по IELTS': '/obrazovanie-i-repetitorstvo/ielts/work-place',
      Электрик: '/mastera-po-remontu/elektrika/select',
      Юристы: '/bukhgaltery-i-yuristy/yuristy/select',
    }
    for (const [name, route] of Object.entries(quickLinks)) {
      await page.goto(product.url)
      await page
        .getByRole('list', { name: 'Популярные услуги' })
        .getByRole('link', { name, exact: true })
        .click()
      await expect.poll(() => path(page.url()), { message: name }).toBe(route)
    }

    await page.goto(product.url)
    await page.getByRole('combobox', { name: 'Найти услугу' }).fill('elektr')
    await results.getByRole('link', { name: /^Электрика/ }).click()
    await expect.poll(() => path(page.url())).toBe('/mastera-po-remontu/elektrika/select')

    await page.goto(product.url)
    await page.getByRole('combobox', { name: 'Найти услугу' }).fill('Уборка')
    await results
      .getByRole('link', { name: /^Уборка/ })
      .first()
      .waitFor()
    await page.getByRole('combobox', { name: 'Найти услугу' }).press('Enter')
    await expect.poll(() => path(page.url())).toBe('/domashniy-personal/uborka/work-place')
    expect(problems).toEqual([])
  })

  test('a chip of a service with children opens select', async () => {
    const { page, problems } = await openPhone(product.browser)
    // A wide screen shows the first four cards, the repairs card among them.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(product.url)
    const categories = page.getByRole('region', { name: 'Категории' })
    await categories.getByRole('link', { name: 'Электрика', exact: true }).click()
    await expect.poll(() => path(page.url())).toBe('/mastera-po-remontu/elektrika/select')
    await page.getByRole('group', { name: 'Какие услуги вам нужны?' }).waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)

    // A chip of a service without children still goes straight to the work place.
    await page.goto(product.url)
    await categories.getByRole('link', { name: 'Уборка', exact: true }).click()
    await expect.poll(() => path(page.url())).toBe('/domashniy-personal/uborka/work-place')
    expect(problems).toEqual([])
  })

  test('on a wide screen the categories scroll with the previous and next buttons', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(product.url)
    const categories = page.getByRole('region', { name: 'Категории' })
    const previous = categories.getByRole('button', { name: 'Предыдущие' })
    const next = categories.getByRole('button', { name: 'Следующие' })
    await categories.getByRole('heading', { name: 'Домашний персонал' }).waitFor()
    const disabled = (button: typeof next) => button.getAttribute('aria-disabled')
    await expect.poll(() => disabled(previous)).toBe('true')
    const firstCardLeft = () =>
      categories
        .getByRole('heading', { name: 'Домашний персонал' })
        .evaluate((h) => h.getBoundingClientRect().left)
    const before = await firstCardLeft()
    await next.focus()
    await page.keyboard.press('Enter')
    await expect.poll(firstCardLeft).toBeLessThan(before - 100)
    // The buttons follow the slider once its move has ended, a moment after the cards started moving.
    await expect.poll(() => disabled(previous)).toBe('false')
    // Pressed to the end, "next" is disabled, keeps the focus, and the last category is on screen.
    for (let i = 0; i < 16; i++) await page.keyboard.press('Enter')
    await expect.poll(() => disabled(next)).toBe('true')
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true)
    await expect
      .poll(() =>
        categories
          .getByRole('heading', { name: 'Домашние животные' })
          .evaluate((h) => h.getBoundingClientRect().right <= window.innerWidth),
      )
      .toBe(true)
    await expectAccessible(page, 'the home page on a wide screen')
    expect(problems).toEqual([])
  })

  test('a category card leads to its services, and the public pages read in Russian', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/services-all?category=mastera-po-remontu`)
    await page.getByRole('heading', { name: 'Мастера по ремонту', level: 2 }).waitFor()
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(1)
    await expectAccessible(page, '/services-all')
    await page.goto(`${product.url}/mastera-po-remontu/services`)
    await page.getByRole('heading', { name: 'Мастера по ремонту', level: 1 }).waitFor()

    for (const [route, heading] of [
      ['/about', /.+/],
      ['/faq', /.+/],
      ['/legal', 'Юридические документы'],
      ['/blog', 'Блог'],
    ] as const) {
      await page.goto(`${product.url}${route}`)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(await page.locator('link[rel="canonical"]').count(), route).toBe(1)
      expect(
        await page.locator('link[rel="alternate"][hreflang="uz-Cyrl"]').getAttribute('href'),
        route,
      ).toContain('?lang=uz')
      expect(await page.locator('meta[name="description"]').count(), route).toBeGreaterThan(0)
      await expectAccessible(page, route)
    }
    await page.getByRole('heading', { level: 2 }).first().getByRole('link').click()
    await page.locator('.prose h2').first().waitFor()
    await expectAccessible(page, 'a blog post')
    expect(problems).toEqual([])
  })

  test('the home page, the search and all services work with no network after one visit', async () => {
    const { page, context } = await openPhone(product.browser)
    const results = page.locator('.search__results')
    await page.goto(product.url)
    await page.getByRole('region', { name: 'Категории' }).waitFor()
    await page.goto(`${product.url}/services-all`)
    await page.getByRole('heading', { name: 'Мастера по ремонту', level: 2 }).waitFor()
    await waitUntilSaved(page, 'categories:all')
    await page.goto(product.url)
    // The whole catalogue is saved for the offline search in idle time after the first visit.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('fika.catalogue-saved.ru')), { timeout: 20_000 })
      .toBe('1')
    await waitUntilSaved(page, 'categories:home')
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.reload()
    await page.getByRole('region', { name: 'Категории' }).waitFor()
    await page
      .getByText(/Нет подключения: показаны данные, сохранённые на этом устройстве/)
      .first()
      .waitFor()
    await page.getByRole('combobox', { name: 'Найти услугу' }).fill('электр')
    await results.getByRole('link', { name: /^Электрика/ }).waitFor()
    await page.getByText(/сохранённых данных/).waitFor()
    await results.getByRole('link', { name: /^Электрика/ }).click()
    await expect.poll(() => path(page.url())).toBe('/mastera-po-remontu/elektrika/select')

    await page.goto(`${product.url}/services-all`)
    await page.getByRole('heading', { name: 'Мастера по ремонту', level: 2 }).waitFor()
    await expectAccessible(page, '/services-all offline')
    await context.setOffline(false)
  })
})
