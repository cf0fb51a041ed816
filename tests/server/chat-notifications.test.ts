import { describe, expect, it } from 'vitest'
import type { Chat } from '#contract/schemas/chats.ts'
import { fakePush } from '#tests/helpers/notifications.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const push = fakePush()
const t = useTestApp({ config: { CHAT_NOTIFY_AFTER_S: 0 }, deps: { pushDelivery: push.delivery } })

const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 30))
  await t.app.services.events.settled()
}

describe('a chat message left unread', () => {
  it('reaches the recipient’s devices as one push that opens the conversation, however many follow', async () => {
    push.reset()
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const chat = (await send(t, 'POST', '/chats', customer, { user_id: executor.id })).json<Chat>()
    for (const [i, text] of ['Здравствуйте!', 'Вы свободны завтра?'].entries()) {
      await send(t, 'POST', `/chats/${chat.id}/messages`, customer, { client_id: `push-test-${i}0000`, text })
      await settle()
    }
    expect(push.sent).toHaveLength(1)
    expect(push.sent[0]).toMatchObject({
      userId: executor.id,
      ru: { url: `/chats/${chat.id}`, tag: `chat-${chat.id}`, title: 'Новое сообщение' },
      en: { title: 'New message' },
    })
    // Once read, the next message is news again.
    await send(t, 'POST', `/chats/${chat.id}/read`, executor, { message_id: 2_000_000_000 })
    await send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
      client_id: 'push-test-30000',
      text: 'Ау?',
    })
    await settle()
    expect(push.sent).toHaveLength(2)
    expect(push.sent.every((sent) => sent.userId === executor.id)).toBe(true)
  })
})
