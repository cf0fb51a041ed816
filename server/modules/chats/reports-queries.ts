// Reports of a message: the message reported, one report per message and reporter, and a message hidden by a
// moderator (docs/decisions/029-reports-and-blocking.md).
import { and, eq, isNull } from 'drizzle-orm'
import type { ReportReason } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import { chatMessages, messageReports } from '#server/db/schema/chats.ts'
import type { MessageRecord } from './chat-rows.ts'

export function createChatReportsQueries(db: Database) {
  return {
    findMessage: async (chatId: number, messageId: number): Promise<MessageRecord | undefined> =>
      (
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)))
          .limit(1)
      )[0],

    /** A report once per message and reporter: a second answers undefined. */
    addReport: async (values: {
      messageId: number
      reporterId: number
      reason: ReportReason
      text: string
      createdAt: Date
    }) => (await db.insert(messageReports).values(values).onConflictDoNothing().returning())[0],

    /** Hides a message once: the message as it is now, or undefined when it was hidden already or is gone. */
    hideMessage: async (messageId: number, at: Date): Promise<MessageRecord | undefined> =>
      (
        await db
          .update(chatMessages)
          .set({ hiddenAt: at })
          .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.hiddenAt)))
          .returning()
      )[0],
  }
}
