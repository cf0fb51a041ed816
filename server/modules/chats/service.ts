import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { createChatContext, type ChatDeps } from './chat-context.ts'
import { createChatHiding } from './hiding.ts'
import { createChatMarks } from './marks.ts'
import { createChatModeration } from './moderation.ts'
import { createChatOpening } from './opening.ts'
import { createChatReading } from './reading.ts'
import { createChatSending } from './sending.ts'
import { createUnreadNotifications } from './unread-notifications.ts'

export type { ChatPorts } from './chat-context.ts'

/**
 * Conversations: who may open, read and write them, messages stored once per client id, read and received marks,
 * blocking, reports, the per-minute limit, and the live events to both sides (docs/decisions/014-chat.md).
 */
export function createChatsService(deps: ChatDeps & { jobs: JobQueue }) {
  const notifications = createUnreadNotifications(deps)
  const context = createChatContext(deps, notifications.schedule)
  return {
    ...createChatOpening(context),
    ...createChatReading(context),
    ...createChatMarks(context),
    ...createChatSending(context),
    ...createChatModeration(context),
    ...createChatHiding(context),
  }
}
export type ChatsService = ReturnType<typeof createChatsService>
