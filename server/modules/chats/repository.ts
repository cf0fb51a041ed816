// The chats tables, read and written through their parts: conversations, the people and orders beside them,
// messages, read marks and reports. The service sees them as one repository.
import type { Database } from '#server/db/client.ts'
import { createChatConversationsQueries } from './conversations-queries.ts'
import { createChatMessagesQueries } from './messages-queries.ts'
import { createChatPeopleQueries } from './people-queries.ts'
import { createChatReadsQueries } from './reads-queries.ts'
import { createChatReportsQueries } from './reports-queries.ts'

export type { ChatRecord, ParticipantRecord, MessageRecord, NewMessage, ChatPageKey } from './chat-rows.ts'

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
