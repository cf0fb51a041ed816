import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import type { ChatOutgoing, SavedChatList, SavedChatMessages } from '#src/lib/local-db.ts'
import { V1 } from './helpers.tsx'

/*
 * The chat screens' data as the server answers it (contract/schemas/chats.ts), and the device's store kept in
 * memory: jsdom has no IndexedDB, so the tests put this in place of src/features/chats/local-cache.ts.
 */

export const ME = 7
export const OTHER = 8
export const CHATS = `${V1}/chats`

export const chatOf = (id: number, overrides: Partial<Chat> = {}): Chat => ({
  id,
  kind: 'order',
  order: {
    id: 41,
    name: 'Заменить проводку на кухне',
    price: 60_000_000,
    price_min: null,
    price_max: null,
    status: 'open',
  },
  other: {
    id: OTHER,
    name: 'Бахтиёр Каримов',
    photo: null,
    verification: 1,
    is_online: true,
    last_seen_at: null,
    support: false,
    slug: 'bahtiyor-karimov-8',
  },
  last_message: null,
  unread: 0,
  delivered_up_to: 0,
  read_up_to: 0,
  my_read_up_to: 0,
  blocked: 'none',
  as_support: false,
  updated_at: '2026-11-24T09:00:00.000Z',
  ...overrides,
})

export const messageOf = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 5,
  sender_id: OTHER,
  from_support: false,
  client_id: `client-${String(id).padStart(4, '0')}`,
  kind: 'text',
  text: `Сообщение ${id}`,
  photo: null,
  location: null,
  created_at: new Date(Date.UTC(2026, 10, 24, 8, 0, id)).toISOString(),
  ...overrides,
})

export const messagesPage = (
  messages: ChatMessage[],
  meta: { next_cursor?: string | null; delivered_up_to?: number; read_up_to?: number } = {},
) => ({
  json: {
    collection: messages,
    meta: { perPage: 30, next_cursor: null, delivered_up_to: 0, read_up_to: 0, ...meta },
  },
})

/** The device's store, emptied by `forget` between tests. */
export const device = {
  lists: new Map<number, SavedChatList>(),
  conversations: new Map<string, SavedChatMessages>(),
  outbox: new Map<string, ChatOutgoing>(),
  forget() {
    this.lists.clear()
    this.conversations.clear()
    this.outbox.clear()
  },
}

/** src/features/chats/local-cache.ts on `device` (drafts stay in the real localStorage). */
export const memoryCache = {
  KEPT_MESSAGES: 100,
  saveChatList: async (userId: number, chats: Chat[]) =>
    void device.lists.set(userId, { userId, chats, savedAt: Date.now() }),
  loadChatList: async (userId: number) => device.lists.get(userId),
  saveConversation: async (userId: number, chat: Chat, messages: ChatMessage[]) =>
    void device.conversations.set(`${userId}:${chat.id}`, {
      userId,
      chatId: chat.id,
      chat,
      messages: messages.slice(-100),
      savedAt: Date.now(),
    }),
  loadConversation: async (userId: number, chatId: number) => device.conversations.get(`${userId}:${chatId}`),
  listOutgoing: async (userId: number): Promise<ChatOutgoing[] | null> =>
    [...device.outbox.values()]
      .filter((entry) => entry.userId === userId)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((entry) => structuredClone(entry)),
  putOutgoing: async (entry: ChatOutgoing) => void device.outbox.set(entry.clientId, structuredClone(entry)),
  deleteOutgoing: async (clientId: string) => void device.outbox.delete(clientId),
}
