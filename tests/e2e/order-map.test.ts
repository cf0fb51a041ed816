import type { Browser, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  DEMO_PASSWORD,
  expectAccessible,
  openPhone,
  useProduct,
} from './helpers.ts'

// startProduct runs the product with MAP_STYLE_URL=bundled: nothing here reaches the internet.
const product = useProduct()

const V1 = '/api/fika/freelancer/v1.0.1'
const PIN = { lat: 41.311234, lng: 69.279876 }

type Session = { token: string; profile: { id: number } }

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const logIn = (username: string, type: 'customer' | 'executor') =>
  api<Session>('POST', '/auth/login', undefined, { username, password: DEMO_PASSWORD, type })

/** An order pinned at PIN whose chosen specialist accepted it: both parties may see the exact point. */
async function acceptedOrder() {
  const customer = await logIn(DEMO_CUSTOMER, 'customer')
  const executor = await logIn(DEMO_EXECUTOR, 'executor')
  const service = await api<{ id: number }>('GET', '/categories/mastera-po-remontu/restnew/elektrika')
  const order = await api<{ id: number }>('POST', '/orders', customer.token, {
    services: [service.id],
    name: 'Повесить люстру в зале',
    description: 'Люстра тяжёлая, нужен анкер. Потолок бетонный, 2,7 м; стремянка есть.',
    at_customer: true,
    area: 'Мирабадский район, Ташкент',
    address: 'ул. Шота Руставели, 12, кв. 5',
    ...PIN,
    started_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    price_min: 15_000_000,
    price_max: 30_000_000,
  })
  await api('POST', `/orders/${order.id}/replies`, executor.token, { message: 'Сделаю завтра.' })
  await api('POST', `/orders/${order.id}/actions/choose`, customer.token, {
    executor_id: executor.profile.id,
  })
  await api('POST', `/orders/${order.id}/actions/accept`, executor.token, {})
  return { order, executor }
}

/** A small phone (360 × 640), logged in as `session`, or a guest's. */
async function smallPhone(browser: Browser, session: Session | null) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'ru-RU' })
  if (session)
    await context.addInitScript((kept) => {
      localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
    }, session)
  return openPhone(browser, { context })
}

const isMapCode = (request: Request) => /\/maplibre-map-[\w-]+\.js$/.test(new URL(request.url()).pathname)

describe('the order page map', () => {
  test('the accepted specialist sees the pin with a Navigate link; the map loads only when they scroll to it', async () => {
    const { order, executor } = await acceptedOrder()
    const { page, problems } = await smallPhone(product.browser, executor)
    const mapRequests: string[] = []
    page.on('request', (request) => isMapCode(request) && mapRequests.push(request.url()))

    await page.goto(`${product.url}/order/${order.id}`)
    const place = page.getByRole('region', { name: 'На карте' })
    await place.getByRole('button', { name: 'Показать карту' }).waitFor({ state: 'attached' })
    const navigate = place.getByRole('link', { name: 'Проложить маршрут' })
    expect(await navigate.getAttribute('href')).toBe(
      'https://yandex.uz/maps/?rtext=~41.311234%2C69.279876&rtt=auto',
    )
    // Below a phone's first screen, the map's preview costs the page no map code.
    const frame = await place.getByRole('button', { name: 'Показать карту' }).boundingBox()
    expect(frame!.y).toBeGreaterThan(640)
    expect(mapRequests).toEqual([])
    await expectAccessible(page, 'the order page with the map preview')
    // The map's section fits a 360 px phone (the header's own fit is checked with the layout).
    const section = await place.boundingBox()
    expect(section!.x + section!.width).toBeLessThanOrEqual(360)

    const loaded = page.waitForRequest(isMapCode)
    await place.scrollIntoViewIfNeeded()
    await loaded
    // The map itself, or, on a machine without WebGL, its message: either way the preview gave way to it.
    await place.locator('.maplibregl-map, .map-view__loading').first().waitFor()
    expect(problems).toEqual([])
  })

  test('a guest sees the area of the same order, and no way to navigate to its door', async () => {
    const { order } = await acceptedOrder()
    const { page, problems } = await smallPhone(product.browser, null)
    // The app's code is held back, as on a slow link: the guest taps the map before it runs.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const opening = page.goto(`${product.url}/order/${order.id}`)
    // The page is parsed and its entry has run; the app's own code is on its way.
    await page.waitForURL(`**/order/${order.id}`, { waitUntil: 'domcontentloaded' })
    const place = page.getByRole('region', { name: 'На карте' })
    await place.getByText('Район работы с точностью около километра.').waitFor()
    expect(await place.getByRole('link').count()).toBe(0)
    expect(await page.content()).not.toContain('41.311234')
    // A tap loads the map at once, before it is scrolled into view (no scrolling here, so only the tap counts).
    await place.getByRole('button', { name: 'Показать карту' }).dispatchEvent('click')
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-started'))).toBe(false)
    release()
    await opening
    await place.locator('.maplibregl-map, .map-view__loading').first().waitFor()
    expect(problems).toEqual([])
  })
})
