// Reading conversations: a person's list and unread total, a conversation's history, and the read and received
// marks with the live events they send.
import type { ChatsQuery, MessagesQuery, UnreadState } from '#contract/schemas/chats.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { audiences, notFound, type ChatContext } from './chat-context.ts'
import { presentChats, presentMessage, type Caller, type Side } from './present.ts'
import type { ChatRecord } from './repository.ts'

export function createChatReading({ repo, ports, hub, clock, access }: ChatContext) {
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
    async list(caller: Caller, query: ChatsQuery) {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['number', 'number'])
      const page = await repo.pageOf(caller.id, {
        staff: caller.role === 'support',
        ...(after && { after: { at: new Date(after[0] as number), id: after[1] as number } }),
        limit: query.perPage,
        ...(query.search && { search: query.search }),
      })
      const [collection, unread] = await Promise.all([
        presentChats(repo, caller, page.ids, clock.now()),
        repo.totalUnread(caller.id, caller.role === 'support'),
      ])
      return {
        collection,
        meta: {
          perPage: query.perPage,
          next_cursor: page.next ? encodeCursor([page.next.at.getTime(), page.next.id]) : null,
          unread,
        },
      }
    },

    totalUnread: async (caller: Caller) => ({
      unread: await repo.totalUnread(caller.id, caller.role === 'support'),
    }),

    async messages(caller: Caller, chatId: number, query: MessagesQuery) {
      const { chat } = await access(chatId, caller)
      const rows = await repo.messages(chat.id, {
        ...(query.before !== undefined && { before: query.before }),
        ...(query.after !== undefined && { after: query.after }),
        limit: query.perPage,
      })
      const more = rows.length > query.perPage
      const page = rows.slice(0, query.perPage)
      const oldestFirst = query.after === undefined ? page.reverse() : page
      const [presented] = await presentChats(repo, caller, [chat.id], clock.now())
      const oldest = oldestFirst[0]
      return {
        collection: oldestFirst.map(presentMessage),
        meta: {
          perPage: query.perPage,
          // Older messages remain (or, asked with `after`, newer ones: the client asks again from the newest).
          next_cursor:
            query.after === undefined
              ? more && oldest
                ? String(oldest.id)
                : null
              : more
                ? String(oldestFirst.at(-1)!.id)
                : null,
          delivered_up_to: presented!.delivered_up_to,
          read_up_to: presented!.read_up_to,
        },
      }
    },

    read: (caller: Caller, chatId: number, messageId: number): Promise<UnreadState> =>
      mark(caller, chatId, messageId, 'read'),

    delivered: (caller: Caller, chatId: number, messageId: number) =>
      mark(caller, chatId, messageId, 'delivered'),
  }
}
