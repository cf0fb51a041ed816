import { describe, expect, test } from 'vitest'
import type { ExecutorCard, PublicProfile } from '#contract/schemas/specialists.ts'
import { apiLogin, DEMO_CUSTOMER, expectAccessible, openPhone, useProduct } from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A seeded demo specialist with a priced service, a district and a portfolio (SEED_DEMO_USERS). */
async function demoSpecialist() {
  const { collection } = await get<{ collection: ExecutorCard[] }>('/executors?perPage=50')
  for (const card of collection) {
    if (card.services.length === 0 || card.districts.length === 0) continue
    const profile = await get<PublicProfile>(`/myprofile/${card.slug}`)
    const line = card.services[0]!
    const speciality = profile.specialities.find((item) =>
      item.services.some((service) => service.service.id === line.service.id),
    )
    if (profile.works.some((work) => work.photos.length > 0) && speciality)
      return { card, profile, line, category: speciality.category.name, district: profile.districts[0]!.name }
  }
  throw new Error('No seeded specialist with a service, a district and portfolio photos')
}

describe('specialists', () => {
  test('a guest finds a specialist by service and district, opens the profile, sees prices and portfolio, copies the link and sees the QR code', async () => {
    const { card, line, category, district } = await demoSpecialist()
    const { page, context, problems } = await openPhone(product.browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url })

    await page.goto(`${product.url}/executors`)
    await page.getByText('Фильтры', { exact: true }).click()
    await page.getByLabel('Категория', { exact: true }).selectOption({ label: category })
    await page.getByLabel('Услуга', { exact: true }).selectOption({ label: line.service.name })
    await page.getByLabel('Район', { exact: true }).selectOption({ label: district })
    await page.getByRole('button', { name: 'Найти специалистов' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('service')).toBe(String(line.service.id))
    const name = `${card.name} ${card.surname}`
    const link = page.getByRole('link', { name, exact: true })
    await link.waitFor()
    await expectAccessible(page, '/executors')

    await link.click()
    await page.getByRole('heading', { name, level: 1 }).waitFor()
    const services = page.getByRole('region', { name: 'Услуги и цены' })
    await expect.poll(() => services.innerText()).toContain(line.service.name)
    expect(await services.innerText()).toMatch(/сум|по договорённости/i)
    const portfolio = page.getByRole('region', { name: 'Портфолио' })
    await portfolio.getByRole('button').first().click()
    await page.getByRole('dialog', { name: /^Фото 1 из/ }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('table', { name: 'Занятые и свободные дни ближайших недель' }).waitFor()
    await expectAccessible(page, 'the public profile')

    await page.getByRole('button', { name: 'Поделиться', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Поделиться профилем' })
    await dialog.getByRole('button', { name: 'Копировать ссылку' }).click()
    await dialog.getByText('Ссылка скопирована').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${product.url}/profile/${card.slug}`,
    )
    await dialog.getByRole('img', { name: 'QR-код ссылки на профиль' }).locator('canvas').waitFor()
    expect(await dialog.getByRole('link').count()).toBe(7)
    await expectAccessible(page, 'the share dialog')
    expect(problems).toEqual([])
    await context.close()
  })

  test('a customer sends a direct order to this specialist from the profile', async () => {
    const { card, line } = await demoSpecialist()
    const token = await apiLogin(product.url, DEMO_CUSTOMER)
    const me = await (
      await fetch(`${product.url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    const context = await product.browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addInitScript(
      (kept) => {
        if (!localStorage.getItem('fika.session'))
          localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
      },
      { token, profile: me },
    )
    const { page, problems } = await openPhone(product.browser, { context })
    await page.goto(`${product.url}/profile/${card.slug}`)
    await page.getByRole('link', { name: 'Заказать у специалиста' }).click()
    await expect.poll(() => page.url()).toBe(`${product.url}/direct/order?executor=${card.id}`)
    // Only this specialist's services are offered.
    await page.getByRole('radio', { name: line.service.name, exact: true }).check()
    await page.getByLabel('Что нужно сделать').fill('Нужна помощь на этой неделе')
    await page.getByRole('button', { name: 'Отправить заказ' }).click()
    await page.waitForURL(/\/direct\/order\/\d+$/)
    await page.getByText('Прямой заказ: отправлен одному выбранному исполнителю.').waitFor()
    // It went to this specialist, and only to them.
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    const sent = await (
      await fetch(`${product.url}${V1}/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    expect(sent).toMatchObject({ executor_id: card.id, is_direct: true, services: [line.service.id] })
    expect(problems).toEqual([])
    await context.close()
  })
})
