import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { apiLogin, DEMO_CUSTOMER, expectAccessible, openPhone } from './helpers.ts'
import { useProductWithModerator } from './moderated-product.ts'

/**
 * The content editor for real: the demo customer is made a moderator on the product's own database before it starts
 * (as `npm run moderator -- add` does on a server), edits /about in the console on a phone, and a guest reads it.
 */

const V1 = '/api/fika/freelancer/v1.0.1'

const product = useProductWithModerator(DEMO_CUSTOMER)

/** Elements that stick out past the right edge of the viewport (the page scrolls sideways). */
const sticking = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 4)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`),
  )

const phone = { viewport: { width: 360, height: 740 }, locale: 'ru-RU' }
const NEW_TEXT = 'Fika соединяет заказчиков и мастеров Ташкента'

test('an edited information page shows the new text', async () => {
  const url = product.url
  // A guest reads /about before the edit: the server draws the page and keeps it.
  const guest = await openPhone(product.browser, { context: await product.browser.newContext(phone) })
  await guest.page.goto(`${url}/about`)
  await guest.page.getByRole('heading', { level: 1 }).waitFor()
  expect(await guest.page.getByText(NEW_TEXT).count()).toBe(0)

  const token = await apiLogin(url, DEMO_CUSTOMER)
  const profile = (await (
    await fetch(`${url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, unknown>
  expect(profile.role).toBe('moderator')
  const context = await product.browser.newContext(phone)
  await context.addInitScript(
    (kept) => localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 })),
    { token, profile },
  )
  const { page, problems } = await openPhone(product.browser, { context })
  await page.goto(`${url}/admin/content`)
  await page.getByRole('heading', { level: 1, name: 'Содержимое сайта' }).waitFor({ timeout: 30_000 })
  await page.getByLabel('Страница или документ').selectOption('about')
  const body = page.getByLabel('Текст (Русский)')
  await body.waitFor()
  await body.fill(`${NEW_TEXT}: **проверенные** специалисты рядом.`)
  await page.getByRole('button', { name: 'Предпросмотр' }).click()
  const preview = page.getByRole('region', { name: 'Предпросмотр: Русский' })
  await preview.getByText('проверенные').waitFor()
  expect(await preview.locator('strong', { hasText: 'проверенные' }).count()).toBe(1)
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, '/admin/content with the preview')

  await page.getByRole('button', { name: 'Сохранить' }).click()
  await page.getByText('Сохранено: публичная страница уже показывает новый текст.').waitFor()
  expect(await sticking(page)).toEqual([])
  expect(problems).toEqual([])
  await context.close()

  // The guest opens the page again: the new text, drawn by the server and by the app.
  await guest.page.goto(`${url}/about`)
  await guest.page.getByText(NEW_TEXT).waitFor()
  expect(await guest.page.locator('strong', { hasText: 'проверенные' }).count()).toBe(1)
  const html = await (await fetch(`${url}/about`, { headers: { accept: 'text/html' } })).text()
  expect(html).toContain(NEW_TEXT)
  expect(await sticking(guest.page)).toEqual([])
  await expectAccessible(guest.page, '/about after the edit')
  expect(guest.problems).toEqual([])
  await guest.context.close()
})
