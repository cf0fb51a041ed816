// A conversation's messages: storing one (message-store-queries.ts) and reading history.
import { and, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { chatMessages, userBlocks } from '#server/db/schema/chats.ts'
import type { MessageRecord, NewMessage } from './chat-rows.ts'
import {
  createCheckedSends,
  storeMessage,
  type SendRules,
  type StoredMessage,
} from './message-store-queries.ts'

export function createChatMessagesQueries(db: Database) {
  const sendChecked = createCheckedSends(db)
  return {
    messagesByIds: (ids: number[]): Promise<MessageRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select().from(chatMessages).where(inArray(chatMessages.id, ids)),

    /** When the sender's `nth` newest message since `since` was written (when the limit lets one more through). */
    async nthNewestSendSince(senderId: number, since: Date, nth: number) {
      const [row] = await db
        .select({ createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.senderId, senderId), gte(chatMessages.createdAt, since)))
        .orderBy(desc(chatMessages.createdAt))
        .offset(nth - 1)
        .limit(1)
      return row?.createdAt
    },

    /**
     * What a send must know before it writes, in one round trip: the message a replayed client id already made,
     * whether either person blocked the other (`otherId`; none for the support team), and how many messages the
     * sender wrote since `since`.
     */
    async preflight(chatId: number, clientId: string, senderId: number, otherId: number | null, since: Date) {
      const blocked =
        otherId === null
          ? sql`false`
          : sql`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${senderId} and b.blocked_id = ${otherId})
              or (b.blocker_id = ${otherId} and b.blocked_id = ${senderId}))`
      const result = (await db.execute(sql`
        select
          (select m.id from ${chatMessages} m where m.chat_id = ${chatId} and m.client_id = ${clientId}) as earlier_id,
          ${blocked} as blocked,
          (select count(*)::int from ${chatMessages} m
            where m.sender_id = ${senderId} and m.created_at >= ${since.toISOString()}::timestamptz) as recent
      `)) as unknown as { rows: { earlier_id: number | null; blocked: boolean; recent: number }[] }
      const row = result.rows[0]!
      return {
        earlierId: row.earlier_id === null ? null : Number(row.earlier_id),
        blocked: Boolean(row.blocked),
        recent: Number(row.recent),
      }
    },

    /**
     * `addMessage` under the send's rules (SendRules), checked and stored under the sender's lock, so a burst of
     * sends cannot all pass a count read before any was stored: the insert, begun once the lock is held, sees every
     * earlier send of the sender. The conversation's lock too, taken after it: the insert updates the conversation's
     * row and both people's rows in no set order, so two sends in one conversation at once would otherwise deadlock
     * (each holding a row the other needs). Both locks are taken inside `chat_send`, in the same round trip.
     */
    sendChecked: (message: NewMessage, options: { toTeam: boolean }, rules: SendRules) =>
      sendChecked({ message, options, rules }),

    async addMessage(message: NewMessage, options: { toTeam: boolean }): Promise<StoredMessage> {
      const sent = await storeMessage(db, { message, options })
      if (sent.outcome !== 'stored')
        throw new Error(`a message without rules was not stored: ${sent.outcome}`)
      return sent
    },

    /**
     * History: the newest `limit` messages before `before` (or the newest of all), or the oldest `limit` after
     * `after`; always answered oldest first.
     */
    async messages(chatId: number, options: { before?: number; after?: number; limit: number }) {
      if (options.after !== undefined)
        return db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, options.after)))
          .orderBy(chatMessages.id)
          .limit(options.limit + 1)
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chatId, chatId),
            options.before === undefined ? undefined : lt(chatMessages.id, options.before),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(options.limit + 1)
      return rows
    },
  }
}
