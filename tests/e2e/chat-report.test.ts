import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { Chat } from '#contract/schemas/chats.ts'
import type { Order } from '#contract/schemas/orders.ts'
import { openDatabase } from '#server/db/client.ts'
import { demoSpecialistPhone } from '#server/seed/demo-specialists.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  expectAccessible,
  launchChromium,
  logInQuietly,
  openPhone,
  startProduct,
} from './helpers.ts'

/**
 * A report in a conversation, from the customer's tap to the moderator's decision: the moderator is a demo
 * specialist given the role on the product's own database before it starts, as `npm run moderator -- add` does.
 */

const V1 = '/api/fika/freelancer/v1.0.1'
const MODERATOR = demoSpecialistPhone(7)
const state = {} as { dir: string; product: Awaited<ReturnType<typeof startProduct>>; browser: Browser }

beforeAll(async () => {
  state.dir = await mkdtemp(join(tmpdir(), 'fika-e2e-report-'))
  const template = inject('productTemplate')
  if (template) await cp(template, state.dir, { recursive: true })
  const database = await openDatabase({
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    dataDir: state.dir,
  })
  await database.migrate()
  expect(await runStaffRole(database.db, 'moderator', ['add', `+${MODERATOR}`])).toMatch(/is now a moderator/)
  await database.close()
  state.product = await startProduct({ DATA_DIR: state.dir })
  state.browser = await launchChromium()
})
afterAll(async () => {
  await state.browser?.close()
  await state.product?.stop()
  if (state.dir) await rm(state.dir, { recursive: true, force: true })
})

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${state.product.url}${V1}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The demo customer's order, a demo specialist's reply, and a rude message of theirs in the conversation. */
async function conversationWithRudeMessage(text: string) {
  const customerToken = await apiLogin(state.product.url, DEMO_CUSTOMER)
  const specialistToken = await apiLogin(state.product.url, demoSpecialistPhone(1), 'executor')
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

    const customer = await openPhone(state.browser)
    await logInQuietly(customer.page, state.product.url, DEMO_CUSTOMER, 'customer')
    await customer.page.goto(`${state.product.url}/chats/${chat.id}`)
    const log = customer.page.getByRole('log')
    const message = log.locator('.message').filter({ hasText: rude })
    await message.getByRole('button', { name: 'Пожаловаться' }).click()
    const dialog = customer.page.getByRole('dialog')
    await dialog.getByRole('radio', { name: 'Оскорбления или угрозы' }).check()
    await dialog.getByRole('button', { name: 'Отправить жалобу' }).click()
    await dialog.getByRole('status').waitFor()
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click()

    const moderator = await openPhone(state.browser)
    await logInQuietly(moderator.page, state.product.url, MODERATOR, 'executor')
    await moderator.page.goto(`${state.product.url}/admin/reports`)
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
