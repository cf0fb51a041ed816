// The rows of conversations, their people and messages, in a file of their own so the chats repository and its query
// parts import them without a circle.
import type { MessageKind } from '#contract/schemas/chats.ts'
import type { chatMessages, chatParticipants, chats } from '#server/db/schema/chats.ts'

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
