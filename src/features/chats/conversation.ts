// What an open conversation's screen shows: read by its hook and by the live events that change it.
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'

export type Conversation = {
  chat: Chat | null
  /** Oldest first. */
  messages: ChatMessage[]
  /** Where older messages start (`before`); null: the first message is loaded. */
  olderCursor: number | null
  status: 'loading' | 'ready' | 'failed'
  olderStatus: 'idle' | 'loading' | 'failed'
  offline: boolean
  /** The device's copy is shown (no network), saved then. */
  savedAt: number | null
}
