import { inArray, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { chatMessages, chatParticipants, chats } from '#server/db/schema/chats.ts'
import { users } from '#server/db/schema/users.ts'
import { DEMO_USERS } from '#server/seed/demo-users.ts'

/** What the demo customer and the demo specialist already said to each other, oldest first. */
const CONVERSATION: { from: 'customer' | 'executor'; text: string; minutesAgo: number }[] = [
  { from: 'customer', text: 'Здравствуйте! Сможете на этой неделе собрать шкаф?', minutesAgo: 95 },
  { from: 'executor', text: 'Здравствуйте, да. Какой шкаф и сколько в нём дверей?', minutesAgo: 90 },
  { from: 'customer', text: 'Трёхдверный, из ИКЕА. Инструкция есть.', minutesAgo: 60 },
  { from: 'executor', text: 'Могу в четверг после 18:00, 250 000 сум.', minutesAgo: 12 },
]

/**
 * A conversation of the demo customer with the demo specialist, so `/chats` is not empty on a fresh start: added
 * once, when the two exist and there is no conversation yet.
 */
export async function seedDemoChats(db: Database, now: Date): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(chats)
  if ((existing?.n ?? 0) > 0) return 0
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.phone,
        DEMO_USERS.map((user) => user.phone),
      ),
    )
  const idOf = (type: 'customer' | 'executor') =>
    people.find((person) => person.phone === DEMO_USERS.find((user) => user.type === type)!.phone)?.id
  const customer = idOf('customer')
  const executor = idOf('executor')
  if (customer === undefined || executor === undefined) return 0
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000)
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        kind: 'direct',
        userA: Math.min(customer, executor),
        userB: Math.max(customer, executor),
        lastMessageAt: at(CONVERSATION.at(-1)!.minutesAgo),
        createdAt: at(CONVERSATION[0]!.minutesAgo),
      })
      .returning()
    const written = await tx
      .insert(chatMessages)
      .values(
        CONVERSATION.map((message, index) => ({
          chatId: chat!.id,
          senderId: message.from === 'customer' ? customer : executor,
          clientId: `demo-${index + 1}`,
          kind: 'text' as const,
          text: message.text,
          createdAt: at(message.minutesAgo),
        })),
      )
      .returning({ id: chatMessages.id })
    const ids = written.map((row) => row.id)
    const last = ids.at(-1)!
    await tx
      .update(chats)
      .set({ lastMessageId: last })
      .where(sql`${chats.id} = ${chat!.id}`)
    // The customer has read all but the specialist's last answer; the specialist has read everything.
    await tx.insert(chatParticipants).values([
      {
        chatId: chat!.id,
        userId: customer,
        readUpTo: ids.at(-2)!,
        deliveredUpTo: last,
        unread: 1,
        sortAt: at(12),
      },
      { chatId: chat!.id, userId: executor, readUpTo: last, deliveredUpTo: last, unread: 0, sortAt: at(12) },
    ])
    return 1
  })
}
