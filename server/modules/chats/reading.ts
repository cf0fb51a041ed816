// Reading conversations: a person's list and unread total, and a conversation's history.
import type { ChatsQuery, MessagesQuery } from '#contract/schemas/chats.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import type { ChatContext } from './chat-context.ts'
import { presentChats, presentMessage, type Caller } from './present.ts'

export function createChatReading({ repo, clock, access }: ChatContext) {
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
  }
}
