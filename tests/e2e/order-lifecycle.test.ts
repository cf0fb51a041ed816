import type { Browser, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectAccessible, openPhone, useProduct, waitForServiceWorker } from './helpers.ts'

const product = useProduct()

const V1 = '/api/fika/freelancer/v1.0.1'
const DEMO_PASSWORD = 'fika-demo-2026'
const DEMO_CUSTOMER = '998901110001'
const DEMO_EXECUTOR = '998901110002'

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
  const start = new Date(Date.now() + 3 * 86_400_000)
  return api<{ id: number }>('POST', '/orders', customer.token, {
    services: [service.id],
    name,
    description: 'Две люстры в зале и спальне, потолок 2,7 м.',
    at_customer: true,
    address: 'Ташкент, Мирзо-Улугбек, Буюк Ипак Йули 15',
    started_at: start.toISOString(),
    price_min: 15_000_000,
    price_max: 30_000_000,
  })
}

/** A browser context already logged in: the app keeps its session in localStorage. */
async function loggedIn(browser: Browser, session: Session, options: { locale?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options })
  await context.addInitScript((kept) => {
    if (!localStorage.getItem('fika.session'))
      localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
  }, session)
  return openPhone(browser, { context })
}

const statusOf = (page: Page) => page.getByTestId('order-status')

describe('the order page', () => {
  test('an executor replies, the customer chooses them, they accept, the customer marks it done and reviews', async () => {
    const customer = await logIn(DEMO_CUSTOMER, 'customer')
    const executor = await logIn(DEMO_EXECUTOR, 'executor')
    const order = await publishOrder(customer, 'Повесить две люстры')
    const executorName = `${executor.profile.name} ${executor.profile.surname}`

    const asExecutor = await loggedIn(product.browser, executor, { locale: 'ru-RU' })
    const asCustomer = await loggedIn(product.browser, customer, { locale: 'ru-RU' })
    const executorPage = asExecutor.page
    const customerPage = asCustomer.page

    await executorPage.goto(`${product.url}/order/${order.id}`)
    await executorPage.getByRole('heading', { name: 'Повесить две люстры' }).waitFor()
    await expect.poll(() => executorPage.getByText('Электрика').count()).toBeGreaterThan(0)
    await expectAccessible(executorPage, 'the order page of an executor')
    await executorPage.getByRole('button', { name: 'Откликнуться' }).click()
    await executorPage.getByText('Напишите не меньше 5 символов').waitFor()
    await executorPage.getByLabel('Ваш отклик').fill('Сделаю в четверг, свой инструмент.')
    await executorPage.getByRole('button', { name: 'Откликнуться' }).click()
    await executorPage.getByTestId('own-reply').getByText('Сделаю в четверг, свой инструмент.').waitFor()

    await customerPage.goto(`${product.url}/order/${order.id}`)
    await customerPage.getByText('Сделаю в четверг, свой инструмент.').waitFor()
    await expectAccessible(customerPage, 'the order page of its customer')
    await customerPage.getByRole('button', { name: `Выбрать: ${executorName}` }).click()
    const confirm = customerPage.getByRole('dialog', { name: `Выбрать исполнителем: ${executorName}?` })
    await confirm.getByRole('button', { name: 'Да, выбрать' }).click()
    await expect.poll(() => statusOf(customerPage).textContent()).toBe('Ждёт согласия исполнителя')
    await customerPage.getByText('Выбранный исполнитель').waitFor()

    await executorPage.reload()
    await executorPage.getByRole('button', { name: 'Принять заказ' }).click()
    await expect.poll(() => statusOf(executorPage).textContent()).toBe('В работе')

    await customerPage.reload()
    await customerPage.getByRole('button', { name: 'Отметить работу выполненной' }).click()
    await customerPage
      .getByRole('dialog', { name: 'Работа выполнена?' })
      .getByRole('button', { name: 'Да, работа выполнена' })
      .click()
    await expect.poll(() => statusOf(customerPage).textContent()).toBe('Выполнен')

    await customerPage.getByRole('button', { name: 'Оставить отзыв' }).click()
    await customerPage.getByText('Поставьте оценку от 1 до 5').waitFor()
    await expectAccessible(customerPage, 'the review form with its errors')
    await customerPage.getByRole('radio', { name: '5 из 5' }).click()
    await customerPage.getByLabel('Комментарий').fill('Быстро и аккуратно, рекомендую.')
    await customerPage.getByRole('button', { name: 'Оставить отзыв' }).click()
    await customerPage.getByTestId('review').getByText('Быстро и аккуратно, рекомендую.').waitFor()
    await customerPage.reload()
    await customerPage.getByTestId('review').getByText('Быстро и аккуратно, рекомендую.').waitFor()
    expect(await customerPage.getByRole('button', { name: 'Оставить отзыв' }).count()).toBe(0)

    expect(asExecutor.problems).toEqual([])
    expect(asCustomer.problems).toEqual([])
    await asExecutor.context.close()
    await asCustomer.context.close()
  })

  test('a reply written offline says it waits, and reaches the order exactly once when the network returns', async () => {
    const customer = await logIn(DEMO_CUSTOMER, 'customer')
    const executor = await logIn(DEMO_EXECUTOR, 'executor')
    const order = await publishOrder(customer, 'Заменить розетки в ванной')
    // No locale option: it breaks the service worker's offline navigation.
    const { page, context, problems } = await loggedIn(product.browser, executor)
    await page.goto(`${product.url}/order/${order.id}`)
    await page.getByLabel('Ваш отклик').waitFor()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.getByLabel('Ваш отклик').fill('Заменю все розетки за один день.')
    await page.getByRole('button', { name: 'Откликнуться' }).click()
    await page.getByTestId('reply-queued').waitFor()
    expect(await page.getByTestId('reply-queued').textContent()).toBe(
      'Ваш отклик сохранён и будет отправлен, когда появится сеть.',
    )
    await expectAccessible(page, 'the order page with a queued reply')

    await context.setOffline(false)
    await page
      .getByTestId('own-reply')
      .getByText('Заменю все розетки за один день.')
      .waitFor({ timeout: 30_000 })
    const replies = () =>
      api<{ collection: { executor_id: number; message: string }[] }>(
        'GET',
        `/orders/${order.id}/replies`,
        customer.token,
      )
    expect((await replies()).collection).toEqual([
      expect.objectContaining({
        executor_id: executor.profile.id,
        message: 'Заменю все розетки за один день.',
      }),
    ])
    // Opening the app again replays whatever still waits: nothing, so the reply is not sent twice.
    await page.reload()
    await page.getByTestId('own-reply').waitFor()
    await page.waitForTimeout(4000)
    expect((await replies()).collection).toHaveLength(1)
    expect(problems).toEqual([])
    await context.close()
  })

  test('a customer sends an order to one specialist, who finds it among direct orders and accepts it', async () => {
    const customer = await logIn(DEMO_CUSTOMER, 'customer')
    const executor = await logIn(DEMO_EXECUTOR, 'executor')
    const asCustomer = await loggedIn(product.browser, customer, { locale: 'ru-RU' })
    const asExecutor = await loggedIn(product.browser, executor, { locale: 'ru-RU' })
    const { page } = asCustomer
    // The form offers the specialist's own services: the demo specialist does electrics.
    const electrics = await api<{ id: number }>('GET', '/categories/mastera-po-remontu/restnew/elektrika')
    const category = await api<{ id: number }>('GET', '/categories/mastera-po-remontu')
    await api('POST', `/speciality/${executor.profile.id}/all`, executor.token, {
      category: category.id,
      services: [{ service: electrics.id }],
    })

    await page.goto(`${product.url}/direct/order?executor=${executor.profile.id}`)
    await page.getByRole('heading', { name: 'Заказ у исполнителя' }).waitFor()
    await page.getByRole('radio', { name: 'Электрика', exact: true }).check()
    await page.getByLabel('Что нужно сделать').fill('Перенести розетку в спальне')
    await page.getByLabel('Цена, сум').fill('200000')
    await expectAccessible(page, 'the direct order form')
    await page.getByRole('button', { name: 'Отправить заказ' }).click()
    await page.waitForURL(/\/direct\/order\/\d+$/)
    await page.getByText('Прямой заказ: отправлен одному выбранному исполнителю.').waitFor()
    expect(await statusOf(page).textContent()).toBe('Ждёт согласия исполнителя')

    const executorPage = asExecutor.page
    await executorPage.goto(`${product.url}/direct/order`)
    await executorPage.getByRole('link', { name: /Перенести розетку в спальне/ }).click()
    await executorPage.getByText('Этот заказ отправлен лично вам.').waitFor()
    await expectAccessible(executorPage, 'a direct order of its specialist')
    await executorPage.getByRole('button', { name: 'Принять заказ' }).click()
    await expect.poll(() => statusOf(executorPage).textContent()).toBe('В работе')

    await page.goto(`${product.url}/direct/order`)
    await page.getByRole('link', { name: /Перенести розетку в спальне.*В работе/ }).waitFor()
    expect(asCustomer.problems).toEqual([])
    expect(asExecutor.problems).toEqual([])
    await asCustomer.context.close()
    await asExecutor.context.close()
  })
})
