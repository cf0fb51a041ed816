import { afterEach, describe, expect, it } from 'vitest'
import { CHAT_CONNECTION, type ChatSendAck } from '#contract/events.ts'
import { MAX_MONEY_TIYIN } from '#contract/schemas/bounds.ts'
import { CHAT_TEXT_MAX, REPORT_TEXT_MAX, type Chat, type ChatMessage } from '#contract/schemas/chats.ts'
import { publish } from '#tests/helpers/notifications.ts'
import { closeClients, connectClient, connected } from '#tests/helpers/sockets.ts'
import { catalogue, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })
afterEach(closeClients)

let clientIds = 0
const nextClientId = () => `limits-${String(++clientIds).padStart(6, '0')}`

/** A customer and a specialist in one conversation. */
async function conversation() {
  const customer = await user(t, 'customer')
  const executor = await user(t, 'executor')
  const chat = (await send(t, 'POST', '/chats', customer, { user_id: executor.id })).json<Chat>()
  return { customer, executor, chat }
}

const history = async (caller: Caller, chatId: number) =>
  (await send(t, 'GET', `/chats/${chatId}/messages`, caller)).json<{ collection: ChatMessage[] }>().collection

describe('POST /chats/{id}/messages', () => {
  it('answers 400 message_too_long past 4,000 characters for either side, and stores nothing cut', async () => {
    const { customer, executor, chat } = await conversation()
    for (const [caller, lang, words] of [
      [customer, 'ru', 'Сообщение длиннее 4000 символов, сократите его'],
      [executor, 'oz', 'Xabar 4000 belgidan uzun, uni qisqartiring'],
    ] as const) {
      const response = await send(
        t,
        'POST',
        `/chats/${chat.id}/messages`,
        caller,
        { client_id: nextClientId(), text: 'я'.repeat(CHAT_TEXT_MAX + 1) },
        lang,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'message_too_long', fields: { text: [words] } })
    }
    expect(await history(customer, chat.id)).toEqual([])
  })

  it('keeps a message of exactly 4,000 characters whole', async () => {
    const { customer, executor, chat } = await conversation()
    const text = `${'a'.repeat(CHAT_TEXT_MAX - 1)}z`
    const response = await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: nextClientId(),
      text: `  ${text}  `,
    })
    expect(response.statusCode, response.body).toBe(200)
    const [stored] = await history(executor, chat.id)
    expect(stored?.text).toBe(text)
  })
})

describe('POST /chats/{id}/messages/{messageId}/report', () => {
  it('answers 400 report_text_max naming 500 characters for details past the limit', async () => {
    const { customer, executor, chat } = await conversation()
    const said = await send(t, 'POST', `/chats/${chat.id}/messages`, executor, {
      client_id: nextClientId(),
      text: 'Купите у меня',
    })
    const id = said.json<ChatMessage>().id
    const url = `/chats/${chat.id}/messages/${id}/report`
    const response = await send(t, 'POST', url, customer, {
      reason: 'spam',
      text: 'я'.repeat(REPORT_TEXT_MAX + 1),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'report_text_max',
      fields: { text: ['Пояснение к жалобе не длиннее 500 символов'] },
    })
  })
})

describe('chat:message over the socket', () => {
  it('refuses a text past 4,000 characters with message_too_long in the app’s language', async () => {
    const { customer, chat } = await conversation()
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = connectClient(url, () => customer.token, {
      ...CHAT_CONNECTION,
      transports: [...CHAT_CONNECTION.transports],
      extraHeaders: { 'accept-language': 'en' },
    })
    await connected(socket)
    const ack = (await socket.timeout(5_000).emitWithAck('chat:message', {
      chat_id: chat.id,
      client_id: nextClientId(),
      text: 'x'.repeat(CHAT_TEXT_MAX + 1),
    } as never)) as ChatSendAck
    expect(ack).toEqual({
      ok: false,
      error: { code: 'message_too_long', message: 'The message is longer than 4000 characters, shorten it' },
    })
    expect(await history(customer, chat.id)).toEqual([])
  })
})

describe('POST /orders', () => {
  it('answers 400 price_invalid for a price past the bound, not a clamped order', async () => {
    const customer = await user(t, 'customer')
    const { ofFirst } = await catalogue(t)
    for (const price of [
      { price: MAX_MONEY_TIYIN + 100 },
      { price_min: 100, price_max: MAX_MONEY_TIYIN + 100 },
      { price_max: MAX_MONEY_TIYIN * 10 },
      { price: -100 },
    ]) {
      const response = await send(t, 'POST', '/orders', customer, {
        services: [ofFirst[0]!.id],
        name: 'Повесить люстру',
        at_customer: true,
        ...price,
      })
      expect(response.statusCode, JSON.stringify(price)).toBe(400)
      expect(response.json().error.code).toBe('price_invalid')
    }
    const mine = await send(t, 'GET', `/profile/${customer.id}/orders`, customer)
    expect(mine.json().collection ?? []).toEqual([])
  })

  it('takes a price exactly at the bound as it is', async () => {
    const customer = await user(t, 'customer')
    const order = await publish(t, customer, { price: MAX_MONEY_TIYIN })
    const read = await send(t, 'GET', `/orders/${order.id}`, customer)
    expect(read.json().price).toBe(MAX_MONEY_TIYIN)
  })

  it('answers 400 price_invalid for a direct order to a specialist with a price past the bound', async () => {
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const { ofFirst } = await catalogue(t)
    const response = await send(t, 'POST', '/orders', customer, {
      services: [ofFirst[0]!.id],
      name: 'Повесить люстру',
      at_customer: true,
      executor_id: executor.id,
      price: MAX_MONEY_TIYIN + 100,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'price_invalid',
      fields: { price: [expect.any(String)] },
    })
  })
})

describe('POST /speciality/{id}/all', () => {
  it('answers 400 price_invalid for a specialist’s service price past the bound', async () => {
    const executor = await user(t, 'executor')
    const { first, ofFirst } = await catalogue(t)
    for (const line of [
      { price_from: MAX_MONEY_TIYIN + 100 },
      { price_from: 100, price_to: MAX_MONEY_TIYIN + 100 },
    ]) {
      const response = await send(t, 'POST', `/speciality/${executor.id}/all`, executor, {
        category: first.id,
        services: [{ service: ofFirst[0]!.id, ...line }],
      })
      expect(response.statusCode, JSON.stringify(line)).toBe(400)
      expect(response.json().error.code).toBe('price_invalid')
    }
  })
})
