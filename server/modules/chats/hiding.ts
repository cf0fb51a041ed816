// A message a moderator hid (docs/decisions/029-reports-and-blocking.md): stored as hidden, and both sides' open
// apps told at once, so a conversation on screen shows it hidden without a reload.
import type { ChatContext } from './chat-context.ts'

export function createChatHiding({ repo, hub }: ChatContext) {
  return {
    /** Hides the message; false when it was hidden already or is gone (nothing is told then). */
    async hideMessage(messageId: number, at: Date): Promise<boolean> {
      const message = await repo.hideMessage(messageId, at)
      if (!message) return false
      const chat = await repo.findChat(message.chatId)
      if (!chat) return true
      const payload = { chat_id: chat.id, message_id: message.id }
      hub.emit({ userId: chat.userA }, 'chat:hidden', payload)
      hub.emit(chat.userB === null ? 'support team' : { userId: chat.userB }, 'chat:hidden', payload)
      return true
    },
  }
}
