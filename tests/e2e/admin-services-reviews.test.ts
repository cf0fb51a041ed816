import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  launchChromium,
  openPhone,
  startProduct,
} from './helpers.ts'

/**
 * Proposed services and reviews in the moderation console, on a phone, for real: the demo customer is made a
 * moderator with the command's own code before the product starts (the role is only ever given on the server's
 * command line), the demo specialist proposes a service through the API, and the moderator approves it and hides one
 * of the demo reviews in the browser; the catalogue and the public profile then show the change.
 */

const V1 = '/api/fika/freelancer/v1.0.1'
const state = {} as {
  dataDir: string
  product: Awaited<ReturnType<typeof startProduct>>
  browser: Awaited<ReturnType<typeof launchChromium>>
}

beforeAll(async () => {
  state.dataDir = await mkdtemp(join(tmpdir(), 'fika-e2e-moderation-'))
  await cp(inject('productTemplate')!, state.dataDir, { recursive: true })
  // The demo accounts are added once the server is up: a first start on this folder waits for them, then stops.
  const first = await startProduct({ DATA_DIR: state.dataDir })
  try {
    for (let tries = 0; !(await apiLogin(first.url, DEMO_CUSTOMER).catch(() => undefined)); tries++) {
      if (tries > 100) throw new Error('the demo customer was never added')
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  } finally {
    await first.stop()
  }
  const database = await openDatabase({ dataDir: state.dataDir })
  await runStaffRole(database.db, 'moderator', ['add', DEMO_CUSTOMER])
  await database.close()
  state.product = await startProduct({ DATA_DIR: state.dataDir })
  state.browser = await launchChromium()
})

afterAll(async () => {
  await state.browser?.close()
  await state.product?.stop()
  await rm(state.dataDir, { recursive: true, force: true })
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

const get = async <T>(path: string, token?: string) =>
  (await (
    await fetch(`${state.product.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  ).json()) as T

test('a moderator approves a proposed service and hides a review on a 360 px phone, with no sideways scroll', async () => {
  const { url } = state.product
  const specialist = await apiLogin(url, DEMO_EXECUTOR, 'executor')
  const categories = await get<{ collection: { slug: string }[] }>(`${V1}/categories`)
  const proposed = await fetch(`${url}${V1}/services`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${specialist}` },
    body: JSON.stringify({ name: 'Ремонт наручных часов', category: categories.collection[0]!.slug }),
  })
  expect(proposed.status).toBe(201)
  const token = await apiLogin(url, DEMO_CUSTOMER)
  const profile = await get<Record<string, unknown>>(`${V1}/profile`, token)
  expect(profile.role).toBe('moderator')

  const context = await state.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' })
  await context.addInitScript(
    (kept) => localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 })),
    { token, profile },
  )
  const { page, problems } = await openPhone(state.browser, { context })

  await page.goto(`${url}/admin/services`)
  await page.getByRole('heading', { level: 1, name: 'Предложенные услуги' }).waitFor()
  const card = page.getByRole('article', { name: 'Ремонт наручных часов' })
  await card.waitFor()
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, '/admin/services')

  await card.getByRole('button', { name: 'Подтвердить' }).click()
  const dialog = page.getByRole('dialog', { name: 'Добавить «Ремонт наручных часов» в каталог' })
  await dialog.waitFor()
  await dialog.getByLabel('Название на английском').fill('Wristwatch repair')
  await dialog.getByLabel('Название на узбекском (латиница)').fill('Qo‘l soatlarini ta’mirlash')
  await dialog.getByLabel('Название на узбекском (кириллица)').fill('Қўл соатларини таъмирлаш')
  await dialog.getByLabel('Адрес в категории').fill('wristwatch-repair')
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, 'the approval form')
  await dialog.getByRole('button', { name: 'Добавить в каталог' }).click()
  await page.getByText('Добавлено в каталог: Ремонт наручных часов').waitFor()
  // The catalogue's search finds it at once, by its English name too.
  const found = await get<{ collection: { slug: string }[] }>(`${V1}/services?search=wristwatch`)
  expect(found.collection.map((service) => service.slug)).toContain('wristwatch-repair')

  await page.getByRole('link', { name: 'Отзывы' }).click()
  await page.getByRole('heading', { level: 1, name: 'Отзывы' }).waitFor()
  const review = page.getByRole('list', { name: 'Отзывы, сначала новые' }).getByRole('article').first()
  await review.waitFor()
  const reviews = await get<{ collection: { id: number; specialist: { slug: string } }[] }>(
    '/api/admin/reviews',
    token,
  )
  const newest = reviews.collection[0]!
  const before = await get<{ reviews_count: number; latest_reviews: { id: number }[] }>(
    `${V1}/myprofile/${newest.specialist.slug}`,
  )
  expect(before.latest_reviews.map((row) => row.id)).toContain(newest.id)
  expect(await sticking(page)).toEqual([])
  await expectAccessible(page, '/admin/reviews')

  await review.getByRole('button', { name: 'Скрыть' }).click()
  const hide = page.getByRole('dialog', { name: /^Скрыть отзыв/ })
  await hide.waitFor()
  await hide.getByLabel('Причина').fill('Оскорбления в адрес специалиста')
  await expectAccessible(page, 'the hide dialog')
  await hide.getByRole('button', { name: 'Скрыть' }).click()
  await page.getByText('Отзыв скрыт.').waitFor()
  await review.getByText('Оскорбления в адрес специалиста').waitFor()
  expect(await sticking(page)).toEqual([])

  const after = await get<{ reviews_count: number; latest_reviews: { id: number }[] }>(
    `${V1}/myprofile/${newest.specialist.slug}`,
  )
  expect(after.latest_reviews.map((row) => row.id)).not.toContain(newest.id)
  expect(after.reviews_count).toBe(before.reviews_count - 1)
  expect(problems).toEqual([])
  await context.close()
})
