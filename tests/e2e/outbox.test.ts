import type { Browser, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  logInQuietly,
  openPhone,
  useProduct,
  waitForServiceWorker,
} from './helpers.ts'

const product = useProduct()
const NOTICE = /^Ждёт отправки: 1\. Отправим сами, как только появится интернет\.$/

async function apiGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return (await response.json()) as T
}

async function orderBody(name: string) {
  const service = await fetch(`${product.url}${V1}/categories/mastera-po-remontu/restnew/elektrika`)
  return { services: [((await service.json()) as { id: number }).id], name, is_online: true }
}

/**
 * A logged-in phone on /account with its service worker, in a context that has no locale (it would break offline
 * service workers). The login itself is the login modal's tests' subject, not this file's.
 */
async function loggedInPhone(browser: Browser, phone: string, as: 'заказчик' | 'исполнитель') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const phoneView = await openPhone(browser, { context })
  const { page } = phoneView
  await logInQuietly(page, product.url, phone, as === 'заказчик' ? 'customer' : 'executor')
  await page.goto(`${product.url}/account`)
  await waitForServiceWorker(page)
  return phoneView
}

/**
 * What sendOrQueue sends: the POST with the page's token, an Idempotency-Key and the outbox mark, through the
 * service worker. Answers the status and the outbox answer header.
 */
function postThroughOutbox(
  page: Page,
  request: { path: string; kind: string; key: string; body: unknown },
): Promise<{ status: number; outbox: string | null }> {
  return page.evaluate(async ({ path, kind, key, body }) => {
    const session = JSON.parse(localStorage.getItem('fika.session') ?? '{}') as { state: { token: string } }
    const response = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.state.token}`,
        'idempotency-key': key,
        'x-fika-outbox': kind,
      },
      body: JSON.stringify(body),
    })
    return { status: response.status, outbox: response.headers.get('x-fika-outbox') }
  }, request)
}

/** The app has started (the outbox is loaded a few seconds after the first screen) and sent what waited. */
async function afterAppStart(page: Page) {
  await page.reload()
  await page.waitForLoadState('load')
  await page.waitForTimeout(6000)
}

describe('the offline outbox', () => {
  test('a customer publishes with no network, is told it waits, and it is published once when back online', async () => {
    const { page, context, problems } = await loggedInPhone(product.browser, DEMO_CUSTOMER, 'заказчик')
    const name = `Повесить люстру ${Date.now()}`
    const key = `e2e-publish-${Date.now()}`

    await context.setOffline(true)
    const answer = await postThroughOutbox(page, {
      path: `${V1}/orders`,
      kind: 'publish-order',
      key,
      body: await orderBody(name),
    })
    expect(answer).toEqual({ status: 202, outbox: 'queued' })
    const notice = page.getByRole('status').filter({ hasText: NOTICE })
    await notice.waitFor({ timeout: 15_000 })
    await expectAccessible(page, 'the outbox notice')

    // Still offline, the app is reopened with an access token the server no longer accepts (it lives 15 minutes):
    // the request still waits, and going online it is sent after one refresh of the session.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('fika.session')!) as { state: { token: string } }
      session.state.token = `${session.state.token.slice(0, -4)}AAAA`
      localStorage.setItem('fika.session', JSON.stringify(session))
    })
    await page.reload()
    await notice.waitFor({ timeout: 15_000 })

    await context.setOffline(false)
    await notice.waitFor({ state: 'detached', timeout: 15_000 })
    const token = await apiLogin(product.url, DEMO_CUSTOMER, 'customer')
    const published = async () =>
      (
        await apiGet<{ collection: { name: string }[] }>('/orders?scope=mine&perPage=50', token)
      ).collection.filter((order) => order.name === name)
    expect(await published()).toHaveLength(1)

    // The app starting again replays whatever still waits: nothing, so nothing is published twice.
    await afterAppStart(page)
    expect(await published()).toHaveLength(1)
    expect(await notice.count()).toBe(0)
    expect(problems).toEqual([])
  })

  test('an executor replies with no network and the reply reaches the order once when back online', async () => {
    const customer = await apiLogin(product.url, DEMO_CUSTOMER, 'customer')
    const created = await fetch(`${product.url}${V1}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
      body: JSON.stringify(await orderBody(`Собрать шкаф ${Date.now()}`)),
    })
    const order = (await created.json()) as { id: number }
    const { page, context, problems } = await loggedInPhone(product.browser, DEMO_EXECUTOR, 'исполнитель')
    const message = `Соберу сегодня вечером, ${Date.now()}`

    await context.setOffline(true)
    const answer = await postThroughOutbox(page, {
      path: `${V1}/orders/${order.id}/replies`,
      kind: 'reply',
      key: `e2e-reply-${Date.now()}`,
      body: { message },
    })
    expect(answer).toEqual({ status: 202, outbox: 'queued' })
    const notice = page.getByRole('status').filter({ hasText: NOTICE })
    await notice.waitFor({ timeout: 15_000 })

    await context.setOffline(false)
    await notice.waitFor({ state: 'detached', timeout: 15_000 })
    const replies = async () =>
      (await apiGet<{ collection: { message: string }[] }>(`/orders/${order.id}/replies`, customer))
        .collection
    expect((await replies()).map((reply) => reply.message)).toEqual([message])

    await afterAppStart(page)
    expect((await replies()).map((reply) => reply.message)).toEqual([message])
    expect(problems).toEqual([])
  })
})
