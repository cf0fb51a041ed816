// Reports of a message: the message reported, and one report per message and reporter.
import { and, eq } from 'drizzle-orm'
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
  }
}
