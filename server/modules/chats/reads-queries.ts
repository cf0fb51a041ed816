// Read and received marks, a participant's and the support team's, and the unread counts they leave.
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { chatMessages, chatParticipants, chats } from '#server/db/schema/chats.ts'

export function createChatReadsQueries(db: Database) {
  return {
    /** Unread messages to a person over their conversations (and the team's, for staff). */
    async totalUnread(userId: number, staff: boolean) {
      const [own] = await db
        .select({ n: sql<number>`coalesce(sum(${chatParticipants.unread}), 0)::int` })
        .from(chatParticipants)
        .where(and(eq(chatParticipants.userId, userId), gt(chatParticipants.unread, 0)))
      if (!staff) return own?.n ?? 0
      const [team] = await db
        .select({ n: sql<number>`coalesce(sum(${chats.teamUnread}), 0)::int` })
        .from(chats)
        .where(and(eq(chats.kind, 'support'), gt(chats.teamUnread, 0)))
      return (own?.n ?? 0) + (team?.n ?? 0)
    },

    /**
     * Moves a participant's read (and so received) mark up to `messageId`, never back, and recounts what they have
     * left to read. `fromOther` says which messages are to them.
     */
    async markParticipant(
      chatId: number,
      userId: number,
      messageId: number,
      mark: 'read' | 'delivered',
      fromOther: 'not mine' | 'from support',
    ) {
      // Never past the newest message: a mark cannot claim what does not exist yet.
      const newest = sql`least(${messageId}, (select coalesce(c.last_message_id, 0) from ${chats} c where c.id = ${chatId}))`
      const upTo = sql`greatest(${chatParticipants.readUpTo}, ${newest})`
      const toMe =
        fromOther === 'from support'
          ? sql`m.from_support`
          : sql`(m.sender_id is distinct from ${userId} or m.from_support)`
      const [row] = await db
        .update(chatParticipants)
        .set(
          mark === 'read'
            ? {
                readUpTo: upTo,
                deliveredUpTo: sql`greatest(${chatParticipants.deliveredUpTo}, ${newest})`,
                unread: sql`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chatId} and m.id > ${upTo} and ${toMe})`,
              }
            : { deliveredUpTo: sql`greatest(${chatParticipants.deliveredUpTo}, ${newest})` },
        )
        .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
        .returning()
      return row
    },

    /** The support team's marks, on the conversation itself. */
    async markTeam(chatId: number, messageId: number, mark: 'read' | 'delivered') {
      const newest = sql`least(${messageId}, coalesce(${chats.lastMessageId}, 0))`
      const upTo = sql`greatest(${chats.teamReadUpTo}, ${newest})`
      const [row] = await db
        .update(chats)
        .set(
          mark === 'read'
            ? {
                teamReadUpTo: upTo,
                teamDeliveredUpTo: sql`greatest(${chats.teamDeliveredUpTo}, ${newest})`,
                teamUnread: sql`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chatId} and m.id > ${upTo} and not m.from_support)`,
              }
            : { teamDeliveredUpTo: sql`greatest(${chats.teamDeliveredUpTo}, ${newest})` },
        )
        .where(eq(chats.id, chatId))
        .returning()
      return row
    },
  }
}
