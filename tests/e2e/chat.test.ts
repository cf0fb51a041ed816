import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import type { Order } from '#contract/schemas/orders.ts'
import { demoSpecialistPhone } from '#server/seed/demo-specialists.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  logInQuietly,
  openPhone,
  pushService,
  useProduct,
  waitForServiceWorker,
} from './helpers.ts'

// A message left unread becomes a notification after a second here, not ten.
const product = useProduct({ CHAT_NOTIFY_AFTER_S: '1' })
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

/** The demo customer's order with a demo specialist's reply, and the conversation the reply opened. */
async function orderWithReply(name: string, specialistIndex: number) {
  const customerToken = await apiLogin(product.url, DEMO_CUSTOMER)
  const phone = demoSpecialistPhone(specialistIndex)
  const specialistToken = await apiLogin(product.url, phone, 'executor')
  const profile = await api<{ specialities: { services: { service: { id: number } }[] }[] }>(
    '/profile?with=specialities',
    specialistToken,
  )
  const order = await api<Order>('/orders', customerToken, {
    method: 'POST',
    body: JSON.stringify({
      services: [profile.specialities[0]!.services[0]!.service.id],
      name,
      at_customer: true,
      area: 'Ташкент',
    }),
  })
  await api(`/orders/${order.id}/replies`, specialistToken, {
    method: 'POST',
    body: JSON.stringify({ message: 'Здравствуйте, готов взяться за заказ.' }),
  })
  const chats = await api<{ collection: Chat[] }>('/chats', customerToken)
  const chat = chats.collection.find((one) => one.order?.id === order.id)!
  return { order, chat, phone, customerToken, specialistToken }
}

async function messagesOf(chatId: number, token: string) {
  return (await api<{ collection: ChatMessage[] }>(`/chats/${chatId}/messages?perPage=100`, token)).collection
}

/** The conversation's messages as the screen lists them. */
const conversation = (page: Page) => page.getByRole('log')
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' })

/** The status mark of the writer's own message with this text. */
const statusOf = (page: Page, text: string) =>
  conversation(page)
    .locator('.message--mine')
    .filter({ hasText: text })
    .getByRole('img')
    .getAttribute('aria-label')

describe('chat', () => {
  test('a customer and a specialist agree on an order live both ways, with typing, read marks and a photo', async () => {
    const { chat, phone } = await orderWithReply('Собрать шкаф-купе', 0)
    const customer = await openPhone(product.browser)
    const specialist = await openPhone(product.browser)
    await logInQuietly(customer.page, product.url, DEMO_CUSTOMER, 'customer')
    await logInQuietly(specialist.page, product.url, phone, 'executor')

    // The customer finds the conversation the reply opened in the list, with its unread reply.
    await customer.page.goto(`${product.url}/chats`)
    const row = customer.page.getByRole('link').filter({ hasText: 'Собрать шкаф-купе' })
    await row.waitFor({ timeout: 30_000 })
    await expectAccessible(customer.page, '/chats')
    await row.click()
    await customer.page.waitForURL(`${product.url}/chats/${chat.id}`)
    await conversation(customer.page).getByText('Здравствуйте, готов взяться за заказ.').waitFor()

    await specialist.page.goto(`${product.url}/chats/${chat.id}`)
    await conversation(specialist.page).getByText('Здравствуйте, готов взяться за заказ.').waitFor()

    // The customer writes; the specialist, looking at the conversation, sees it at once and so has read it.
    await composer(customer.page).fill('Сможете в субботу утром?')
    await composer(customer.page).press('Enter')
    await conversation(specialist.page).getByText('Сможете в субботу утром?').waitFor({ timeout: 15_000 })
    await expect
      .poll(() => statusOf(customer.page, 'Сможете в субботу утром?'), { timeout: 15_000 })
      .toBe('Прочитано')

    // The specialist types: the customer sees "typing…", then the answer.
    await composer(specialist.page).pressSequentially('Да, в 10:00', { delay: 60 })
    await customer.page.getByText('печатает…').waitFor({ timeout: 15_000 })
    await composer(specialist.page).press('Enter')
    await conversation(customer.page).getByText('Да, в 10:00').waitFor({ timeout: 15_000 })
    await expect.poll(() => statusOf(specialist.page, 'Да, в 10:00'), { timeout: 15_000 }).toBe('Прочитано')

    // A photo of the wardrobe's instructions.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    await customer.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shkaf.jpg', mimeType: 'image/jpeg', buffer: photo })
    const received = conversation(specialist.page).getByRole('button', { name: 'Открыть фото' })
    await received.waitFor({ timeout: 30_000 })
    await received.click()
    await specialist.page.getByRole('dialog').waitFor()
    await specialist.page.keyboard.press('Escape')

    await expectAccessible(customer.page, 'the customer’s conversation')
    await expectAccessible(specialist.page, 'the specialist’s conversation')
    expect(customer.problems).toEqual([])
    expect(specialist.problems).toEqual([])
    await customer.context.close()
    await specialist.context.close()
  })

  test('a message written offline waits, survives a reload and is delivered once, in order, when the network returns', async () => {
    const customerToken = await apiLogin(product.url, DEMO_CUSTOMER)
    const executorToken = await apiLogin(product.url, DEMO_EXECUTOR, 'executor')
    // The demo conversation npm start seeds between the demo customer and the demo specialist.
    const { collection } = await api<{ collection: Chat[] }>('/chats', customerToken)
    const chat = collection.find((one) => one.kind === 'direct')!
    // No locale on the context: offline navigation serves the app shell (see customerOnWizard).
    const context: BrowserContext = await product.browser.newContext({
      viewport: { width: 390, height: 844 },
    })
    const { page, problems } = await openPhone(product.browser, { context })
    await logInQuietly(page, product.url, DEMO_CUSTOMER, 'customer')
    await page.goto(`${product.url}/chats/${chat.id}`)
    await waitForServiceWorker(page)
    await page.reload()
    await conversation(page)
      .getByText('Могу в четверг после 18:00, 250 000 сум.')
      .waitFor({ timeout: 30_000 })

    await context.setOffline(true)
    for (const text of ['Договорились на четверг', 'Адрес пришлю позже']) {
      await composer(page).fill(text)
      await composer(page).press('Enter')
      await expect.poll(() => statusOf(page, text)).toBe('Ожидает отправки')
    }
    await page.reload()
    await expect
      .poll(() => statusOf(page, 'Адрес пришлю позже'), { timeout: 30_000 })
      .toBe('Ожидает отправки')

    await context.setOffline(false)
    await expect
      .poll(() => statusOf(page, 'Адрес пришлю позже'), { timeout: 30_000 })
      .not.toBe('Ожидает отправки')
    const texts = (await messagesOf(chat.id, executorToken)).map((message) => message.text)
    expect(texts.slice(-2)).toEqual(['Договорились на четверг', 'Адрес пришлю позже'])
    expect(texts.filter((text) => text === 'Договорились на четверг')).toHaveLength(1)
    expect(problems).toEqual([])
    await context.close()
  })

  test('a message to a closed app becomes a push whose click opens the conversation', async () => {
    const { chat, phone, customerToken, specialistToken } = await orderWithReply('Повесить полки', 1)
    await api(`/chats/${chat.id}/messages`, customerToken, {
      method: 'POST',
      body: JSON.stringify({ client_id: 'e2e-push-0001', text: 'Когда сможете?' }),
    })
    // The specialist's app is closed: after the delay the message becomes a "new message" notification.
    const chatNotification = async () =>
      (
        await api<{ collection: { type_push: string; link: string; message: string }[] }>(
          '/profile/notification?perPage=50',
          specialistToken,
        )
      ).collection.find((one) => one.type_push === 'chat_message')
    await expect.poll(chatNotification, { timeout: 20_000 }).toMatchObject({ link: `/chats/${chat.id}` })
    const notification = (await chatNotification())!

    const context = await product.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ru-RU',
    })
    await context.grantPermissions(['notifications'], { origin: product.url })
    const { page } = await openPhone(product.browser, { context })
    await logInQuietly(page, product.url, phone, 'executor')
    await page.goto(`${product.url}/orders`)
    // What the server's push of that notification carries (server/modules/notifications/notifier.ts).
    const push = await pushService(context, page, product.url)
    const shown = await push.deliver({
      title: 'Новое сообщение',
      body: notification.message,
      url: notification.link,
      tag: `chat-${chat.id}`,
    })
    expect(shown).toEqual([{ title: 'Новое сообщение', body: notification.message, tag: `chat-${chat.id}` }])
    await push.tap()
    await page.waitForURL(`${product.url}/chats/${chat.id}`)
    await conversation(page).getByText('Когда сможете?').waitFor({ timeout: 20_000 })
    await context.close()
  })

  test('a message pasted past 4,000 characters stays whole, is refused with words, and goes once shortened', async () => {
    const { chat, customerToken } = await orderWithReply('Поклеить обои', 2)
    const customer = await openPhone(product.browser)
    await logInQuietly(customer.page, product.url, DEMO_CUSTOMER, 'customer')
    await customer.page.goto(`${product.url}/chats/${chat.id}`)
    await conversation(customer.page).getByText('Здравствуйте, готов взяться за заказ.').waitFor()

    // A paste goes through the browser's own editing: a maxLength would cut it here without a word.
    const long = `${'Обои в спальне. '.repeat(250)}конец`
    expect(long.length).toBeGreaterThan(4000)
    await composer(customer.page).focus()
    await customer.page.evaluate((text) => document.execCommand('insertText', false, text), long)
    expect(await composer(customer.page).inputValue()).toBe(long)
    await composer(customer.page).press('Enter')
    await customer.page
      .getByRole('alert')
      .getByText(
        'Сообщение длиннее 4\u00a0000 символов. Ничего не обрезано и не отправлено: сократите его и отправьте снова.',
      )
      .waitFor()
    expect(await composer(customer.page).inputValue()).toBe(long)
    expect(await customer.page.getByTestId('char-count').textContent()).toBe('4\u00a0005/4\u00a0000')
    await expectAccessible(customer.page, 'a refused long message')

    const shortened = long.slice(0, 4000)
    await composer(customer.page).fill(shortened)
    await composer(customer.page).press('Enter')
    await expect
      .poll(async () => (await messagesOf(chat.id, customerToken)).map((message) => message.text))
      .toContain(shortened.trim())
    expect(customer.problems).toEqual([])
    await customer.context.close()
  })
})
