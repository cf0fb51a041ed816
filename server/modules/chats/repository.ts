// The chats tables, read and written through their parts: conversations, the people and orders beside them,
// messages, read marks and reports. The service sees them as one repository.
import type { MessageKind } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import type { chatMessages, chatParticipants, chats } from '#server/db/schema/chats.ts'
import { createChatConversationsQueries } from './conversations-queries.ts'
import { createChatMessagesQueries } from './messages-queries.ts'
import { createChatPeopleQueries } from './people-queries.ts'
import { createChatReadsQueries } from './reads-queries.ts'
import { createChatReportsQueries } from './reports-queries.ts'

export type ChatRecord = typeof chats.$inferSelect
export type ParticipantRecord = typeof chatParticipants.$inferSelect
export type MessageRecord = typeof chatMessages.$inferSelect

export type NewMessage = {
  chatId: number
  senderId: number
  fromSupport: boolean
  clientId: string
  kind: MessageKind
  text: string
  photo?: string | null
  lat?: number | null
  lng?: number | null
  createdAt: Date
}

/** One page of a person's conversations: ids in list order, and where the next page starts. */
export type ChatPageKey = { at: Date; id: number }

export function createChatsRepository(db: Database) {
  return {
    ...createChatConversationsQueries(db),
    ...createChatPeopleQueries(db),
    ...createChatMessagesQueries(db),
    ...createChatReadsQueries(db),
    ...createChatReportsQueries(db),
  }
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>
