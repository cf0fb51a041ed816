// The timers that turn a message still unread after a while into a notification, one per recipient and conversation.
import type { ChatDeps } from './chat-context.ts'

export function createUnreadNotifications({ repo, ports, limits, onError }: ChatDeps) {
  /** One pending check per recipient and conversation: a burst of messages is one notification at most. */
  const notifyTimers = new Map<string, NodeJS.Timeout>()

  return {
    /** A message still unread after a while becomes a notification: someone reading the conversation never gets one. */
    schedule(chatId: number, recipientId: number, senderId: number) {
      const key = `${chatId}:${recipientId}`
      if (notifyTimers.has(key)) return
      const timer = setTimeout(() => {
        notifyTimers.delete(key)
        void (async () => {
          const participant = await repo.participant(chatId, recipientId)
          // Read since (all of it): nothing to tell.
          if (!participant || participant.unread === 0) return
          ports.unreadMessage({ chatId, recipientId, senderId })
        })().catch(onError)
      }, limits.notifyAfterMs)
      timer.unref()
      notifyTimers.set(key, timer)
    },

    close() {
      for (const timer of notifyTimers.values()) clearTimeout(timer)
      notifyTimers.clear()
    },
  }
}
