import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { expectAccessible, openPhone, useProduct } from './helpers.ts'

const product = useProduct()
// The map's own code (MapLibre and its worker), as the build names their chunks.
const MAP_CHUNK = /\/assets\/(maplibre-map|maplibre-gl-worker)-[\w-]+\.js$/
const RUN = Date.now().toString(36)

type Session = { token: string; profile: unknown }
let customer: Session
let services: number[]

async function logIn(username: string, type: 'customer' | 'executor'): Promise<Session> {
  const response = await fetch(`${product.url}${endpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'fika-demo-2026', type }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Session
}

async function publish(order: Record<string, unknown>) {
  const response = await fetch(`${product.url}${endpoints.publishOrder.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({ services, at_customer: true, address: 'Ташкент', ...order }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: number }).id
}

/** Enters the app as a logged-in user, the way the app keeps its session. */
async function enterAs(page: Page, session: Session) {
  await page.goto(`${product.url}/about`)
  await page.evaluate(
    (value) =>
      localStorage.setItem(
        'fika.session',
        JSON.stringify({ state: { token: value.token, profile: value.profile }, version: 0 }),
      ),
    session,
  )
}

beforeAll(async () => {
  customer = await logIn('998901110001', 'customer')
  const service = await fetch(
    `${product.url}${endpoints.categoryService.path.replace('{id}', 'mastera-po-remontu').replace('{slug}', 'elektrika')}`,
  )
  services = [((await service.json()) as { id: number }).id]
})

describe('the orders map', () => {
  test('/ never loads the map; /orders/map shows seeded orders as markers, clusters and a list', async () => {
    // Two orders a few hundred metres apart in Chilanzar cluster at the city's zoom; one in Yunusabad stands alone.
    const chilanzar = await publish({
      name: `Чиланзар 1 ${RUN}`,
      lat: 41.2851,
      lng: 69.2041,
      price: 25_000_000,
    })
    await publish({
      name: `Чиланзар 2 ${RUN}`,
      lat: 41.2862,
      lng: 69.2063,
      price_min: 10_000_000,
      price_max: 20_000_000,
    })
    await publish({
      name: `Юнусабад ${RUN}`,
      lat: 41.3667,
      lng: 69.2889,
      price_max: 40_000_000,
    })

    const { page, problems } = await openPhone(product.browser)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(request.url())
    })
    await page.goto(product.url)
    await page.getByRole('region', { name: 'Категории' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((url) => MAP_CHUNK.test(url))).toEqual([])

    await enterAs(page, customer)
    await page.goto(`${product.url}/orders/map`)
    const inView = page.getByRole('region', { name: 'Заказы в этой части карты' })
    await inView.getByRole('link', { name: `Юнусабад ${RUN}` }).waitFor()
    expect(await inView.getByRole('link', { name: `Чиланзар 1 ${RUN}` }).getAttribute('href')).toBe(
      `/order/${chilanzar}`,
    )
    expect(scripts.some((url) => MAP_CHUNK.test(url))).toBe(true)

    // The Yunusabad order is a marker of its own; the two in Chilanzar are one cluster until it is pressed.
    const single = page.getByRole('button', { name: `Заказ: Юнусабад ${RUN}` })
    await single.waitFor()
    const cluster = page.getByRole('button', { name: /^Здесь заказов: \d+\+?\. Приблизить$/ }).first()
    await cluster.waitFor()
    await expectAccessible(page, '/orders/map')
    await single.click()
    const card = page.getByRole('dialog', { name: `Юнусабад ${RUN}` })
    await card.getByText('до 400 000 сум').waitFor()
    await card.getByRole('button', { name: 'Закрыть' }).click()

    await cluster.click()
    await page.getByRole('button', { name: `Заказ: Чиланзар 2 ${RUN}` }).waitFor()
    await page.getByRole('button', { name: `Заказ: Чиланзар 1 ${RUN}` }).click()
    await page
      .getByRole('dialog', { name: `Чиланзар 1 ${RUN}` })
      .getByRole('link')
      .click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/order/${chilanzar}`)
    expect(problems).toEqual([])
  })
})

describe('the order lists', () => {
  test("a customer's orders: tabs, filters kept in the address, and more orders on scrolling", async () => {
    const names = Array.from({ length: 13 }, (_, index) => `Список ${index + 1} ${RUN}`)
    const ids: number[] = []
    for (const [index, name] of names.entries()) {
      ids.push(await publish({ name, ...(index < 2 && { is_online: true, at_customer: false }) }))
    }
    const cancel = await fetch(
      `${product.url}${endpoints.orderAction.path.replace('{id}', String(ids[12])).replace('{action}', 'cancel')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
        body: '{}',
      },
    )
    expect(cancel.status).toBe(200)

    const { page, problems } = await openPhone(product.browser)
    await enterAs(page, customer)
    await page.goto(`${product.url}/orders`)
    await page.getByRole('heading', { name: 'Мои заказы', level: 1 }).waitFor()
    const list = page.getByRole('region', { name: 'Заказы' })
    const cards = list.getByRole('article')
    await list.getByRole('link', { name: names[11] }).waitFor()
    expect(await cards.count()).toBe(10)
    await expectAccessible(page, '/orders')

    // Scrolling to the end brings the next page without a press.
    await page.getByRole('button', { name: 'Показать ещё заказы' }).scrollIntoViewIfNeeded()
    await expect.poll(() => cards.count()).toBeGreaterThan(10)
    await list.getByRole('link', { name: names[0] }).waitFor()

    await page
      .getByRole('navigation', { name: 'Статус заказа' })
      .getByRole('link', { name: 'Отменённые' })
      .click()
    await list.getByRole('link', { name: names[12] }).waitFor()
    expect(new URL(page.url()).searchParams.get('tab')).toBe('canceled')

    await page
      .getByRole('navigation', { name: 'Статус заказа' })
      .getByRole('link', { name: 'Открытые' })
      .click()
    await page.getByText('Фильтры', { exact: true }).click()
    await page.getByRole('combobox', { name: 'Место' }).selectOption({ label: 'Онлайн' })
    await page.getByRole('button', { name: 'Показать заказы' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('place')).toBe('online')
    await expect.poll(() => cards.count()).toBe(2)
    await page.reload()
    await list.getByRole('link', { name: names[1] }).waitFor()
    expect(await cards.count()).toBe(2)
    await page.goBack()
    await expect.poll(() => new URL(page.url()).searchParams.get('place')).toBeNull()
    await expect.poll(() => cards.count()).toBe(10)
    expect(problems).toEqual([])
  })

  test('a guest sees the open orders, with a link to each', async () => {
    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/orders`)
    await page.getByRole('heading', { name: 'Открытые заказы', level: 1 }).waitFor()
    const first = page.getByRole('region', { name: 'Заказы' }).getByRole('article').first()
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/order\/\d+$/)
    expect(await page.getByRole('navigation', { name: 'Статус заказа' }).count()).toBe(0)
    expect(problems).toEqual([])
  })
})
