// The read and received marks of a conversation, a person's or the support team's, and the live events they send.
import type { UnreadState } from '#contract/schemas/chats.ts'
import { audiences, notFound, type ChatContext } from './chat-context.ts'
import type { Caller, Side } from './present.ts'
import type { ChatRecord } from './chat-rows.ts'

export function createChatMarks({ repo, ports, hub, access }: ChatContext) {
  /** After a read: the other side's marks move; the reader's own devices learn what is left. */
  async function announceMarks(
    chat: ChatRecord,
    side: Side,
    marks: { delivered: number; read: number },
    left: { unread: number; total: number | null } | null,
  ) {
    const { others, own } = audiences(chat, side)
    const base = {
      chat_id: chat.id,
      user_id: side.as === 'team' ? null : side.userId,
      delivered_up_to: marks.delivered,
      read_up_to: marks.read,
    }
    for (const audience of others) hub.emit(audience, 'chat:read', { ...base, unread: null, total: null })
    if (left) hub.emit(own, 'chat:read', { ...base, unread: left.unread, total: left.total })
  }

  async function mark(caller: Caller, chatId: number, messageId: number, kind: 'read' | 'delivered') {
    const { chat, side } = await access(chatId, caller)
    const upTo = messageId
    if (side.as === 'team') {
      const row = (await repo.markTeam(chat.id, upTo, kind))!
      await announceMarks(
        chat,
        side,
        { delivered: row.teamDeliveredUpTo, read: row.teamReadUpTo },
        kind === 'read' ? { unread: row.teamUnread, total: null } : null,
      )
      return { chat_id: chat.id, unread: row.teamUnread, total: await repo.totalUnread(caller.id, true) }
    }
    const row = await repo.markParticipant(
      chat.id,
      side.userId,
      upTo,
      kind,
      chat.kind === 'support' ? 'from support' : 'not mine',
    )
    if (!row) throw notFound()
    const total = await repo.totalUnread(caller.id, caller.role === 'support')
    await announceMarks(
      chat,
      side,
      { delivered: row.deliveredUpTo, read: row.readUpTo },
      kind === 'read' ? { unread: row.unread, total } : null,
    )
    if (kind === 'read') ports.conversationRead(caller.id, chat.id)
    return { chat_id: chat.id, unread: row.unread, total }
  }

  return {
    read: (caller: Caller, chatId: number, messageId: number): Promise<UnreadState> =>
      mark(caller, chatId, messageId, 'read'),

    delivered: (caller: Caller, chatId: number, messageId: number) =>
      mark(caller, chatId, messageId, 'delivered'),
  }
}
