// The conversations' own rows: finding or opening one, who takes part in it, and a person's page of them.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ChatKind } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import { chatParticipants, chats } from '#server/db/schema/chats.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import { profileVisibleTo } from '#server/modules/profile/visibility.ts'
import type { ChatPageKey, ChatRecord, ParticipantRecord } from './chat-rows.ts'

const ilikeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The one conversation of a pair about an order (`orderKey` 0: about none); `userB` null is the support team. */
const pairIs = (userA: number, userB: number | null, orderKey: number) =>
  and(eq(chats.userA, userA), sql`coalesce(${chats.userB}, 0) = ${userB ?? 0}`, eq(chats.orderKey, orderKey))

/** `search` matches the other person's name or surname, the order's title, or its number. */
function matchingSearch(userId: number, search: string | undefined) {
  if (!search) return sql``
  const like = `%${ilikeEscape(search)}%`
  const number = /^\d{1,9}$/.test(search) ? Number(search) : null
  return sql`and (
          exists (
            select 1 from ${users} o
            where o.id in (${chats.userA}, ${chats.userB}) and o.id <> ${userId} and o.deleted_at is null
              and (o.name ilike ${like} or o.surname ilike ${like} or (o.name || ' ' || o.surname) ilike ${like})
          )
          or exists (
            select 1 from ${orders} ord
            where ord.id = ${chats.orderId} and (ord.name ilike ${like} ${number === null ? sql`` : sql`or ord.id = ${number}`})
          )
        )`
}

export function createChatConversationsQueries(db: Database) {
  return {
    findChat: async (id: number): Promise<ChatRecord | undefined> =>
      (await db.select().from(chats).where(eq(chats.id, id)).limit(1))[0],

    /** Whether `viewerId` may open the profile of `userId`: the rule a direct conversation follows too. */
    seesProfileOf: async (viewerId: number, userId: number) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), profileVisibleTo(viewerId)))
          .limit(1)
      ).length > 0,

    findPairChat: async (userA: number, userB: number | null, orderKey: number) =>
      (
        await db
          .select()
          .from(chats)
          .where(pairIs(userA, userB, orderKey))
          .limit(1)
      )[0],

    /**
     * Opens a conversation of `userA` and `userB` (smaller id first; null for the support team), or answers the one
     * that exists: two people opening it at once get the same row.
     */
    async openChat(values: {
      kind: ChatKind
      orderId: number | null
      userA: number
      userB: number | null
      at: Date
    }): Promise<ChatRecord> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(chats)
          .values({
            kind: values.kind,
            orderId: values.orderId,
            orderKey: values.orderId ?? 0,
            userA: values.userA,
            userB: values.userB,
            lastMessageAt: values.at,
            createdAt: values.at,
          })
          .onConflictDoNothing()
          .returning()
        if (!created) {
          const [existing] = await tx
            .select()
            .from(chats)
            .where(pairIs(values.userA, values.userB, values.orderId ?? 0))
          return existing!
        }
        const people = values.userB === null ? [values.userA] : [values.userA, values.userB]
        await tx
          .insert(chatParticipants)
          .values(people.map((userId) => ({ chatId: created.id, userId, sortAt: values.at })))
        return created
      })
    },

    participant: async (chatId: number, userId: number): Promise<ParticipantRecord | undefined> =>
      (
        await db
          .select()
          .from(chatParticipants)
          .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
          .limit(1)
      )[0],

    participantsOf: (chatIds: number[]): Promise<ParticipantRecord[]> =>
      chatIds.length === 0
        ? Promise.resolve([])
        : db.select().from(chatParticipants).where(inArray(chatParticipants.chatId, chatIds)),

    chatsByIds: (ids: number[]): Promise<ChatRecord[]> =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(chats).where(inArray(chats.id, ids)),

    /**
     * A page of a person's conversations, newest first. Staff also see every support conversation (the team's
     * inbox). `search` matches the other person's name or surname, the order's title, or its number.
     */
    async pageOf(
      userId: number,
      options: { staff: boolean; after?: ChatPageKey; limit: number; search?: string },
    ): Promise<{ ids: number[]; next: ChatPageKey | null }> {
      const { after, limit } = options
      const own = sql`exists (select 1 from ${chatParticipants} p where p.chat_id = ${chats.id} and p.user_id = ${userId})`
      const scope = options.staff ? sql`(${own} or ${chats.kind} = 'support')` : own
      const keyset = after
        ? sql`and (${chats.lastMessageAt}, ${chats.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
        : sql``
      const matching = matchingSearch(userId, options.search)
      // People have tens of conversations, staff the support inbox: the newest-first walk stops after a page.
      const rows = (await db.execute(sql`
        select ${chats.id} as id, ${chats.lastMessageAt} as last_message_at from ${chats}
        where ${scope} ${keyset} ${matching}
        order by ${chats.lastMessageAt} desc, ${chats.id} desc
        limit ${limit + 1}
      `)) as unknown as { rows: { id: number; last_message_at: string | Date }[] }
      const list = rows.rows.map((row) => ({ id: Number(row.id), at: new Date(row.last_message_at) }))
      const page = list.slice(0, limit)
      const last = page.at(-1)
      return { ids: page.map((row) => row.id), next: list.length > limit && last ? last : null }
    },
  }
}
