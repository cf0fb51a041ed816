import type { Browser, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  DEMO_PASSWORD,
  expectAccessible,
  openPhone,
  useProduct,
} from './helpers.ts'

const product = useProduct()

const V1 = '/api/fika/freelancer/v1.0.1'

type Session = { token: string; profile: { id: number; name: string; surname: string } }

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const logIn = (username: string, type: 'customer' | 'executor') =>
  api<Session>('POST', '/auth/login', undefined, { username, password: DEMO_PASSWORD, type })

async function publishOrder(customer: Session, name: string) {
  const service = await api<{ id: number }>('GET', '/categories/mastera-po-remontu/restnew/elektrika')
  return api<{ id: number }>('POST', '/orders', customer.token, {
    services: [service.id],
    name,
    at_customer: true,
    address: 'Ташкент, Юнусабад, 4-й квартал',
    started_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    price_min: 15_000_000,
    price_max: 30_000_000,
  })
}

/** A browser context already logged in: the app keeps its session in localStorage. */
async function loggedIn(browser: Browser, session: Session) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' })
  await context.addInitScript((kept) => {
    if (!localStorage.getItem('fika.session'))
      localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
  }, session)
  return openPhone(browser, { context })
}

const statusOf = (page: Page) => page.getByTestId('order-status')

describe('open pages follow what the other person does', () => {
  test('the customer sees a reply arrive with the specialist’s profile and rating, and the chosen specialist’s open page offers Accept and Decline, without a reload', async () => {
    const customer = await logIn(DEMO_CUSTOMER, 'customer')
    const executor = await logIn(DEMO_EXECUTOR, 'executor')
    const specialist = await api<{ slug: string; reviews_count: number }>('GET', '/profile', executor.token)
    const order = await publishOrder(customer, 'Починить выключатель в коридоре')
    const executorName = `${executor.profile.name} ${executor.profile.surname}`
    const asCustomer = await loggedIn(product.browser, customer)
    const asExecutor = await loggedIn(product.browser, executor)
    const customerPage = asCustomer.page
    const executorPage = asExecutor.page

    // Both have the order open before anything happens to it.
    await customerPage.goto(`${product.url}/order/${order.id}`)
    await customerPage.getByRole('heading', { name: 'Починить выключатель в коридоре' }).waitFor()
    await executorPage.goto(`${product.url}/order/${order.id}`)
    await executorPage.getByLabel('Ваш отклик').fill('Приеду завтра к девяти.')
    await executorPage.getByRole('button', { name: 'Откликнуться' }).click()
    await executorPage.getByTestId('own-reply').getByText('Приеду завтра к девяти.').waitFor()

    // The customer's page lists the reply by itself, with who wrote it and what others said of them.
    const card = customerPage.getByRole('listitem').filter({ hasText: 'Приеду завтра к девяти.' })
    await card.waitFor()
    expect(await card.getByRole('link', { name: executorName }).getAttribute('href')).toBe(
      `/profile/${specialist.slug}`,
    )
    expect(await card.textContent()).toContain(
      specialist.reviews_count === 0 ? 'Отзывов пока нет' : `Отзывов: ${specialist.reviews_count}`,
    )
    await expectAccessible(customerPage, 'a reply card with the specialist’s profile and rating')

    await customerPage.getByRole('button', { name: `Выбрать: ${executorName}` }).click()
    await customerPage
      .getByRole('dialog', { name: `Выбрать исполнителем: ${executorName}?` })
      .getByRole('button', { name: 'Да, выбрать' })
      .click()
    await expect.poll(() => statusOf(customerPage).textContent()).toBe('Ждёт согласия исполнителя')

    // The specialist's page, never reloaded, now asks them to accept or decline.
    await executorPage.getByRole('button', { name: 'Отказаться от заказа' }).waitFor()
    await executorPage.getByRole('button', { name: 'Принять заказ' }).click()
    await expect.poll(() => statusOf(executorPage).textContent()).toBe('В работе')
    // And the customer's page, never reloaded either, shows the work started.
    await expect.poll(() => statusOf(customerPage).textContent()).toBe('В работе')

    expect(asCustomer.problems).toEqual([])
    expect(asExecutor.problems).toEqual([])
    await asCustomer.context.close()
    await asExecutor.context.close()
  })
})
