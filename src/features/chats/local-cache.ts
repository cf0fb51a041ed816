import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { localDb, type ChatOutgoing } from '#src/lib/local-db.ts'

/** How many of a conversation's newest messages stay on the device. */
export const KEPT_MESSAGES = 100

export type { ChatOutgoing }

/*
 * Everything here is kept per person, so a shared phone never shows one person's conversations to the next. A
 * browser without IndexedDB (some private modes) just keeps nothing: each read answers empty, each write is lost.
 */
const quietly = <T>(work: () => Promise<T>, otherwise: T): Promise<T> => work().catch(() => otherwise)

export const saveChatList = (userId: number, chats: Chat[]) =>
  quietly(() => localDb.chats.put({ userId, chats, savedAt: Date.now() }), undefined)

export const loadChatList = (userId: number) => quietly(() => localDb.chats.get(userId), undefined)

export const saveConversation = (userId: number, chat: Chat, messages: ChatMessage[]) =>
  quietly(
    () =>
      localDb.chatMessages.put({
        userId,
        chatId: chat.id,
        chat,
        messages: messages.slice(-KEPT_MESSAGES),
        savedAt: Date.now(),
      }),
    undefined,
  )

export const loadConversation = (userId: number, chatId: number) =>
  quietly(() => localDb.chatMessages.get([userId, chatId] as never), undefined)

/** The person's messages waiting to be sent, in the order written; null when the device cannot keep any. */
export const listOutgoing = (userId: number): Promise<ChatOutgoing[] | null> =>
  quietly(() => localDb.chatOutbox.where('userId').equals(userId).sortBy('createdAt'), null)

export const putOutgoing = (entry: ChatOutgoing) => quietly(() => localDb.chatOutbox.put(entry), undefined)

export const deleteOutgoing = (clientId: string) =>
  quietly(() => localDb.chatOutbox.delete(clientId), undefined)

// Drafts are small and read while rendering: localStorage, one key per person and conversation.
const draftKey = (userId: number, chatId: number) => `fika.chat-draft.${userId}.${chatId}`

export function loadDraft(userId: number, chatId: number) {
  try {
    return localStorage.getItem(draftKey(userId, chatId)) ?? ''
  } catch {
    return ''
  }
}

export function saveDraft(userId: number, chatId: number, text: string) {
  try {
    if (text === '') localStorage.removeItem(draftKey(userId, chatId))
    else localStorage.setItem(draftKey(userId, chatId), text)
  } catch {
    // A full or refused storage loses only the draft.
  }
}
