import { Dexie, type EntityTable } from 'dexie'
import type { Chat, ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'

/** An API answer kept on the device, per language, for when the network is gone. */
export type SavedResponse = { key: string; locale: string; data: unknown; savedAt: number }

/**
 * A service as the offline search needs it: `folded` is its name, `about` its description, both folded
 * (contract/search-text.ts); `order` its place in the catalogue, for ranking equally good matches.
 */
export type SavedService = {
  id: number
  locale: string
  name: string
  slug: string
  folded: string
  about?: string
  order?: number
  categorySlug: string
  categoryName: string
  parentSlug: string | null
  childrenCount: number
}

/**
 * An order the customer is writing, one per flow instance (features/order-wizard): every field as typed, the
 * photos already compressed, and the spec's order-flow session data. `pending` once a publish waits in the outbox.
 */
export type OrderDraft = {
  id: string
  /** The wizard route the customer was last on, e.g. /domashniy-personal/uborka/work-place. */
  route: string
  /** The service chain without the form segment, e.g. /mastera-po-remontu/elektrika: drafts of one flow. */
  flowPath: string
  categorySlug: string
  /** What the customer ordered, for the drafts list. */
  title: string
  session: { parent_service_id: number | null; services: string[]; category_slug: string }
  services: number[]
  fields: Record<string, unknown>
  photos: { id: string; name: string; blob: Blob }[]
  pending: boolean
  updatedAt: number
}

/** The conversations list as one person last saw it (its first page, no search), for /chats offline. */
export type SavedChatList = { userId: number; chats: Chat[]; savedAt: number }

/** One conversation and its newest messages (oldest first) as its reader last saw them, for /chats/{id} offline. */
export type SavedChatMessages = {
  userId: number
  chatId: number
  chat: Chat
  messages: ChatMessage[]
  savedAt: number
}

/**
 * A message written but not yet answered by the server, sent in the order written (`createdAt`). `failed` holds
 * the server's refusal when sending it again would be refused again (blocked, too long): it waits for the writer.
 */
export type ChatOutgoing = {
  clientId: string
  userId: number
  chatId: number
  text: string
  location?: ChatLocation
  createdAt: number
  failed?: { code: string; message: string }
}

/** The app's IndexedDB (Dexie): the catalogue and settings as last seen, so home and search work offline. */
export const localDb = new Dexie('fika') as Dexie & {
  responses: EntityTable<SavedResponse, 'key'>
  services: EntityTable<SavedService, 'id'>
  drafts: EntityTable<OrderDraft, 'id'>
  chats: EntityTable<SavedChatList, 'userId'>
  chatMessages: EntityTable<SavedChatMessages, 'userId'>
  chatOutbox: EntityTable<ChatOutgoing, 'clientId'>
}

localDb.version(1).stores({
  responses: '[key+locale]',
  services: '[id+locale], locale',
})

localDb.version(2).stores({
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Dexie's index list, not words
  drafts: 'id, flowPath, categorySlug, updatedAt',
})

localDb.version(3).stores({
  chats: 'userId',
  chatMessages: '[userId+chatId]',
  chatOutbox: 'clientId, userId, createdAt',
})
