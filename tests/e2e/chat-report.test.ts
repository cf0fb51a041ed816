import { describe, expect, test } from 'vitest'
import type { Chat } from '#contract/schemas/chats.ts'
import type { Order } from '#contract/schemas/orders.ts'
import { demoSpecialistPhone } from '#server/seed/demo-specialists.ts'
import { apiLogin, DEMO_CUSTOMER, expectAccessible, logInQuietly, openPhone } from './helpers.ts'
import { useProductWithModerator } from './moderated-product.ts'

/**
 * A report in a conversation, from the customer's tap to the moderator's decision: the moderator is a demo
 * specialist given the role on the product's own database before it starts, as `npm run moderator -- add` does.
 */

const V1 = '/api/fika/freelancer/v1.0.1'
const MODERATOR = demoSpecialistPhone(7)

const product = useProductWithModerator(MODERATOR)

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The demo customer's order, a demo specialist's reply, and a rude message of theirs in the conversation. */
async function conversationWithRudeMessage(text: string) {
  const customerToken = await apiLogin(product.url, DEMO_CUSTOMER)
  const specialistToken = await apiLogin(product.url, demoSpecialistPhone(1), 'executor')
  const profile = await api<{ specialities: { services: { service: { id: number } }[] }[] }>(
    '/profile?with=specialities',
    specialistToken,
  )
  const order = await api<Order>('/orders', customerToken, {
    method: 'POST',
    body: JSON.stringify({
      services: [profile.specialities[0]!.services[0]!.service.id],
      name: 'Повесить полки',
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
  await api(`/chats/${chat.id}/messages`, specialistToken, {
    method: 'POST',
    body: JSON.stringify({ client_id: 'e2e-report-0001', text }),
  })
  return chat
}

describe('a report in a conversation', () => {
  test("a reported chat message is hidden by a moderator and the reporter's view updates", async () => {
    const rude = 'Вы ничего не понимаете, заплатите вперёд'
    const chat = await conversationWithRudeMessage(rude)

    const customer = await openPhone(product.browser)
    await logInQuietly(customer.page, product.url, DEMO_CUSTOMER, 'customer')
    await customer.page.goto(`${product.url}/chats/${chat.id}`)
    const log = customer.page.getByRole('log')
    const message = log.locator('.message').filter({ hasText: rude })
    await message.getByRole('button', { name: 'Пожаловаться' }).click()
    const dialog = customer.page.getByRole('dialog')
    await dialog.getByRole('radio', { name: 'Оскорбления или угрозы' }).check()
    await dialog.getByRole('button', { name: 'Отправить жалобу' }).click()
    await dialog.getByRole('status').waitFor()
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click()

    const moderator = await openPhone(product.browser)
    await logInQuietly(moderator.page, product.url, MODERATOR, 'executor')
    await moderator.page.goto(`${product.url}/admin/reports`)
    const reports = moderator.page.getByRole('list', { name: 'Жалобы на рассмотрении' })
    const report = reports.getByRole('article').filter({ hasText: rude })
    await expectAccessible(moderator.page, '/admin/reports')
    await report.getByRole('button', { name: 'Скрыть' }).click()
    await report.waitFor({ state: 'detached' })

    // The customer's open conversation changes without a reload: the words are gone, the moderator's mark is there.
    await log.getByText('Сообщение скрыто модератором').waitFor()
    expect(await log.getByText(rude).count()).toBe(0)
    await expectAccessible(customer.page, 'the conversation with a hidden message')
    expect(customer.problems).toEqual([])
    expect(moderator.problems).toEqual([])
  })
})
