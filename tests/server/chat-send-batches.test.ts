import { describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { createChatMessagesQueries } from '#server/modules/chats/messages-queries.ts'
import { publish, replyConversation, specialist } from '#tests/helpers/notifications.ts'
import { send, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * Sends that arrive together are stored together (message-store-queries.ts: one `chat_send_many` call while the
 * previous one is on its way): each keeps the rules and the answer it would have had alone (PGlite under
 * `npm test`, PostgreSQL in CI).
 */
const t = useTestApp({ catalogue: true, config: { CHAT_MESSAGES_PER_MINUTE: 30 } })

const conversation = () => replyConversation(t)

const message = (chatId: number, caller: Caller, clientId: string, text: string) =>
  send(t, 'POST', `/chats/${chatId}/messages`, caller, { client_id: clientId, text })

describe('messages sent at the same moment', () => {
  it('stores each of both people’s bursts once, answers a replay with the first message, and counts every unread', async () => {
    const { customer, executor, chat } = await conversation()
    const burst = (caller: Caller, who: string) =>
      Array.from({ length: 20 }, (_, i) =>
        message(chat.id, caller, `${who}-${String(i).padStart(6, '0')}`, `${who} ${i}`),
      )
    // Both bursts at once, with every one of the customer's messages sent twice (a retry after a lost answer).
    const answers = await Promise.all([
      ...burst(customer, 'customer'),
      ...burst(executor, 'executor'),
      ...burst(customer, 'customer'),
    ])
    expect(
      answers.map((answer) => answer.statusCode).filter((status) => status !== 201 && status !== 200),
    ).toEqual([])
    const sent = answers.map((answer) => answer.json<ChatMessage>())
    // A replay answers the very message the first send stored.
    for (let i = 0; i < 20; i++) expect(sent[40 + i]!.id).toBe(sent[i]!.id)

    const history = await send(t, 'GET', `/chats/${chat.id}/messages?perPage=100`, customer)
    const stored = history.json<{ collection: ChatMessage[] }>().collection
    const texts = stored.map((m) => m.text).filter((text) => /^(customer|executor) \d+$/.test(text))
    expect(texts).toHaveLength(40)
    expect(new Set(texts).size).toBe(40)

    const list = await send(t, 'GET', '/chats', executor)
    const seen = list.json<{ collection: Chat[] }>().collection.find((c) => c.id === chat.id)!
    // Everything the customer wrote after the executor's own last message is unread to the executor.
    const lastOwn = stored.findLastIndex((m) => m.sender_id === executor.id)
    expect(seen.unread).toBe(stored.slice(lastOwn + 1).length)
  })

  it('keeps the per-minute limit of one sender writing to two conversations at once', async () => {
    const first = await conversation()
    const customer = first.customer
    // The same customer's second order, another specialist's reply: a second conversation of the customer.
    const other = await specialist(t)
    const order = await publish(t, customer)
    await send(t, 'POST', `/orders/${order.id}/replies`, other, { message: 'Сделаю' })
    await t.app.services.events.settled()
    const chats = (await send(t, 'GET', '/chats', customer)).json<{ collection: Chat[] }>().collection
    const second = chats.find((chat) => chat.id !== first.chat.id)!

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        message(
          i % 2 ? first.chat.id : second.id,
          customer,
          `limit-${String(i).padStart(6, '0')}`,
          `Сообщение ${i}`,
        ),
      ),
    )
    const codes = answers.map((answer) => answer.json<{ error?: { code: string } }>().error?.code ?? 'ok')
    expect(
      codes.filter((code) => code === 'ok'),
      JSON.stringify(codes),
    ).toHaveLength(30)
    expect(
      codes.filter((code) => code === 'chat_rate_limited'),
      JSON.stringify(codes),
    ).toHaveLength(20)
  })

  it('fails only the send that cannot be stored, not the others stored with it', async () => {
    const { customer, executor, chat } = await conversation()
    const messages = createChatMessagesQueries(t.db.db)
    const now = t.clock.now()
    const rules = { otherId: executor.id, perMinute: 30, since: new Date(now.getTime() - 60_000) }
    const attempt = (senderId: number, clientId: string) =>
      messages.sendChecked(
        {
          chatId: chat.id,
          senderId,
          fromSupport: false,
          clientId,
          kind: 'text',
          text: clientId,
          createdAt: now,
        },
        { toTeam: false },
        rules,
      )
    // The first goes alone; the others wait for it and go together, one of them from an account that does not exist.
    const results = await Promise.allSettled([
      attempt(customer.id, 'alone'),
      attempt(customer.id, 'together-1'),
      attempt(2_000_000_000, 'nobody'),
      attempt(customer.id, 'together-2'),
    ])
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    const history = await send(t, 'GET', `/chats/${chat.id}/messages?perPage=100`, customer)
    const texts = history.json<{ collection: ChatMessage[] }>().collection.map((m) => m.text)
    expect(texts).toEqual(expect.arrayContaining(['alone', 'together-1', 'together-2']))
    expect(texts).not.toContain('nobody')
  })
})
