import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { Order } from '#contract/schemas/orders.ts'
import { demoSpecialistPhone } from '#server/seed/demo-specialists.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  expectAccessible,
  logInQuietly,
  openPhone,
  pushService,
  useProduct,
} from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A demo specialist's login, one of their services and districts: an order with both reaches them. */
async function demoSpecialist() {
  const phone = demoSpecialistPhone(0)
  const token = await apiLogin(product.url, phone, 'executor')
  const profile = await api<{
    district_ids: number[]
    specialities: { services: { service: { id: number } }[] }[]
  }>('/profile?with=specialities', token)
  return {
    phone,
    service: profile.specialities[0]!.services[0]!.service.id,
    district: profile.district_ids[0]!,
  }
}

/**
 * Resolves once the page's socket has joined its notification room: the `connect_user` acknowledgement names the
 * room, over WebSocket or long-polling, whichever carried it.
 */
function realtimeJoined(page: Page) {
  return new Promise<void>((resolve) => {
    const joined = (text: string) => text.includes('"room":"notif_') && resolve()
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => joined(typeof payload === 'string' ? payload : '')),
    )
    page.on('response', (response) => {
      if (response.url().includes('/socket.io/')) void response.text().then(joined, () => undefined)
    })
  })
}

async function publishMatchingOrder(specialist: { service: number; district: number }, name: string) {
  const token = await apiLogin(product.url, DEMO_CUSTOMER)
  return api<Order>('/orders', token, {
    method: 'POST',
    body: JSON.stringify({
      services: [specialist.service],
      name,
      at_customer: true,
      area: 'Ташкент',
      district_id: specialist.district,
    }),
  })
}

describe('notifications', () => {
  test('a specialist on /orders sees the toast and the bell count change when a customer publishes a matching order, and a click opens it', async () => {
    const specialist = await demoSpecialist()
    const { page, problems } = await openPhone(product.browser)
    // Logged in without the modal: the notifications are this test's subject.
    await logInQuietly(page, product.url, specialist.phone, 'executor')

    const joined = realtimeJoined(page)
    await page.goto(`${product.url}/orders`)
    const bell = page.getByRole('button', { name: /^Уведомления/ })
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Уведомления')
    await joined

    // The customer publishes from another device: the specialist's open app hears of it at once.
    const order = await publishMatchingOrder(specialist, 'Починить розетку на кухне')
    const toasts = page.getByRole('log', { name: 'Новые уведомления' })
    const toast = toasts.getByRole('link').filter({ hasText: 'Починить розетку на кухне' })
    await toast.waitFor({ timeout: 15_000 })
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Уведомления, непрочитанных: 1')
    await expectAccessible(page, 'the toast')
    await bell.click()
    await page.getByRole('link', { name: 'Все уведомления' }).waitFor()
    await expectAccessible(page, 'the bell')
    await page.keyboard.press('Escape')

    await toast.click()
    await page.waitForURL(`${product.url}/order/${order.id}`)
    await page.getByRole('heading', { name: 'Починить розетку на кухне' }).waitFor()
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Уведомления')

    await page.goto(`${product.url}/notifications`)
    await page.getByRole('link').filter({ hasText: 'Починить розетку на кухне' }).first().waitFor()
    await expectAccessible(page, '/notifications')
    expect(problems).toEqual([])
  })

  test('a push delivered to the service worker shows one notification whose click opens the order page', async () => {
    const specialist = await demoSpecialist()
    const order = await publishMatchingOrder(specialist, 'Заменить смеситель в ванной')
    // The worker shows a push whoever is logged in, and an open order is public: a guest's window will do.
    const context = await product.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ru-RU',
    })
    await context.grantPermissions(['notifications'], { origin: product.url })
    const { page } = await openPhone(product.browser, { context })
    await page.goto(`${product.url}/orders`)

    // What the server's push carries (contract/schemas/notifications.ts PushPayloadSchema).
    const push = await pushService(context, page, product.url)
    expect(
      await push.deliver({
        title: 'Новый заказ',
        body: `Заказ №${order.number}: Заменить смеситель в ванной`,
        url: `/order/${order.id}`,
        tag: `order-${order.id}`,
      }),
    ).toEqual([
      {
        title: 'Новый заказ',
        body: `Заказ №${order.number}: Заменить смеситель в ванной`,
        tag: `order-${order.id}`,
      },
    ])
    await push.tap()
    await page.waitForURL(`${product.url}/order/${order.id}`)
    await page.getByRole('heading', { name: 'Заменить смеситель в ванной' }).waitFor()
    await context.close()
  })
})
