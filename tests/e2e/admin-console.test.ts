import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { apiLogin, DEMO_CUSTOMER, expectAccessible, openPhone, useProduct } from './helpers.ts'

/**
 * The moderation console on a phone. The moderator role is only given on the server's command line (npm run
 * moderator), so the browser here plays one: the demo customer's session with the role, and the moderation API's
 * answers served by the test (the API itself is tested in tests/server/identity-verification.test.ts).
 */

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

const submission = (id: number, name: string, surname: string) => ({
  id,
  user: { id: id + 100, name, surname, slug: `${name}-${surname}`.toLowerCase(), avatar_thumb: null },
  type: 'id_card',
  state: 'review',
  submitted_at: '2026-11-26T05:30:00.000Z',
  photos: {
    front: `/api/documents/${id}/front?r=9&e=1&s=x`,
    back: `/api/documents/${id}/back?r=9&e=1&s=x`,
    selfie: `/api/documents/${id}/selfie?r=9&e=1&s=x`,
  },
})
const AUDIT = Array.from({ length: 3 }, (_, index) => ({
  id: 10 - index,
  actor: { id: 9, name: 'Nodira Karimova' },
  action: index === 0 ? 'verification.deny' : 'document.read',
  target: `identity_submission:${12 + index}`,
  reason: index === 0 ? 'unreadable: Сфотографируйте документ при дневном свете, без бликов' : 'selfie',
  at: '2026-11-26T05:30:00.000Z',
}))

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

test('a moderator reviews documents and reads the log on a 360 px phone, with no sideways scroll', async () => {
  const token = await apiLogin(product.url, DEMO_CUSTOMER)
  const profile = (await (
    await fetch(`${product.url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, unknown>
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 210, b: 220 } },
  })
    .jpeg()
    .toBuffer()

  const context = await product.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' })
  await context.addInitScript(
    (kept) => localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 })),
    { token, profile: { ...profile, role: 'moderator' } },
  )
  await context.route('**/api/admin/verifications*', (route) =>
    route.fulfill({
      json: {
        collection: [submission(12, 'Aziz', 'Karimov'), submission(13, 'Malika', 'Yusupova-Abdurakhmonova')],
        next_cursor: null,
      },
    }),
  )
  await context.route('**/api/admin/audit*', (route) =>
    route.fulfill({ json: { collection: AUDIT, next_cursor: null } }),
  )
  await context.route('**/api/documents/**', (route) =>
    route.fulfill({ body: photo, contentType: 'image/jpeg', headers: { 'cache-control': 'no-store' } }),
  )
  const { page, problems } = await openPhone(product.browser, { context })

  await page.goto(`${product.url}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Документы на проверку' }).waitFor()
  await page.getByRole('img', { name: 'Селфи: Aziz Karimov' }).waitFor()
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'Селфи: Aziz Karimov' })
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBe(1200)
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, '/admin')

  await page.getByRole('article', { name: 'Aziz Karimov' }).getByRole('button', { name: 'Отклонить' }).click()
  const dialog = page.getByRole('dialog', { name: 'Отклонить документы: Aziz Karimov' })
  await dialog.waitFor()
  await dialog.getByRole('radio', { name: 'Фотографии невозможно разобрать' }).check()
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, 'the refusal dialog')
  await dialog.getByRole('button', { name: 'Отмена' }).click()

  await page.getByRole('link', { name: 'Журнал аудита' }).click()
  await page.getByRole('heading', { level: 1, name: 'Журнал аудита' }).waitFor()
  await page.getByRole('list', { name: 'Записи журнала аудита' }).waitFor()
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, '/admin/audit')
  expect(problems).toEqual([])
  await context.close()
})
