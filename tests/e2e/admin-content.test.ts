import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  expectAccessible,
  launchChromium,
  openPhone,
  startProduct,
} from './helpers.ts'

/**
 * The content editor for real: the demo customer is made a moderator on the product's own database before it starts
 * (as `npm run moderator -- add` does on a server), edits /about in the console on a phone, and a guest reads it.
 */

const V1 = '/api/fika/freelancer/v1.0.1'
const state = {} as { dir: string; product: Awaited<ReturnType<typeof startProduct>>; browser: Browser }

beforeAll(async () => {
  state.dir = await mkdtemp(join(tmpdir(), 'fika-e2e-content-'))
  const template = inject('productTemplate')
  if (template) await cp(template, state.dir, { recursive: true })
  const database = await openDatabase({
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    dataDir: state.dir,
  })
  await database.migrate()
  expect(await runStaffRole(database.db, 'moderator', ['add', `+${DEMO_CUSTOMER}`])).toMatch(
    /is now a moderator/,
  )
  await database.close()
  state.product = await startProduct({ DATA_DIR: state.dir })
  state.browser = await launchChromium()
})
afterAll(async () => {
  await state.browser?.close()
  await state.product?.stop()
  if (state.dir) await rm(state.dir, { recursive: true, force: true })
})

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
  const url = state.product.url
  // A guest reads /about before the edit: the server draws the page and keeps it.
  const guest = await openPhone(state.browser, { context: await state.browser.newContext(phone) })
  await guest.page.goto(`${url}/about`)
  await guest.page.getByRole('heading', { level: 1 }).waitFor()
  expect(await guest.page.getByText(NEW_TEXT).count()).toBe(0)

  const token = await apiLogin(url, DEMO_CUSTOMER)
  const profile = (await (
    await fetch(`${url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, unknown>
  expect(profile.role).toBe('moderator')
  const context = await state.browser.newContext(phone)
  await context.addInitScript(
    (kept) => localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 })),
    { token, profile },
  )
  const { page, problems } = await openPhone(state.browser, { context })
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
