// Keeping a conversation safe: blocking the other person, and reporting a message to the support team.
import type { Chat, ReportReason } from '#contract/schemas/chats.ts'
import { AppError } from '#server/lib/app-error.ts'
import { notFound, type ChatContext } from './chat-context.ts'
import { otherOf, type Caller } from './present.ts'

export function createChatModeration({ repo, clock, access, view }: ChatContext) {
  return {
    async block(caller: Caller, chatId: number, blocked: boolean): Promise<Chat> {
      const { chat, side } = await access(chatId, caller)
      const otherId = otherOf(chat, side)
      // The support team is never blocked, and staff do not block the people they help.
      if (otherId === null || side.as === 'team') throw new AppError('forbidden', 'forbidden')
      await repo.setBlock(caller.id, otherId, blocked, clock.now())
      return view(caller, chat.id)
    },

    async report(
      caller: Caller,
      chatId: number,
      messageId: number,
      body: { reason: ReportReason; text: string },
    ) {
      const { chat, side } = await access(chatId, caller)
      const message = await repo.findMessage(chat.id, messageId)
      if (!message) throw notFound()
      const own =
        side.as === 'team' ? message.fromSupport : message.senderId === caller.id && !message.fromSupport
      if (own) throw new AppError('forbidden', 'cannot_report_own_message')
      const report = await repo.addReport({
        messageId,
        reporterId: caller.id,
        reason: body.reason,
        text: body.text,
        createdAt: clock.now(),
      })
      if (!report) throw new AppError('conflict', 'already_reported')
      return { id: report.id, status: report.status }
    },
  }
}
