import { describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } from '#server/seed/demo-users.ts'
import { seedDemoChats } from '#server/seed/demo-chats.ts'
import { login, session } from '#tests/helpers/auth-flows.ts'
import { send } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
const NOW = new Date('2026-11-21T09:00:00.000Z')

async function demo(type: 'customer' | 'executor') {
  const { phone } = DEMO_USERS.find((user) => user.type === type)!
  const { token } = session(await login(t, { username: phone, password: DEMO_PASSWORD, type }))
  return { token }
}

describe('the demo conversation of npm start', () => {
  it('lets the demo customer read the specialist’s latest answer, once', async () => {
    await seedDemoUsers(t.db.db)
    expect(await seedDemoChats(t.db.db, NOW)).toBe(1)
    expect(await seedDemoChats(t.db.db, NOW)).toBe(0)
    const customer = await demo('customer')
    const [chat] = (await send(t, 'GET', '/chats', customer)).json<{ collection: Chat[] }>().collection
    expect(chat).toMatchObject({ kind: 'direct', unread: 1, other: { name: 'Жасур Тошматов' } })
    const messages = (await send(t, 'GET', `/chats/${chat!.id}/messages`, customer)).json<{
      collection: ChatMessage[]
    }>().collection
    expect(messages.map((message) => message.text).at(-1)).toBe('Могу в четверг после 18:00, 250 000 сум.')
    expect((await send(t, 'GET', '/chats', await demo('executor'))).json().collection[0].unread).toBe(0)
  })

  it('adds nothing without the demo accounts', async () => {
    expect(await seedDemoChats(t.db.db, NOW)).toBe(0)
  })
})
