import { chatEndpoints } from '#contract/chat-endpoints.ts'
import type { OpenChatBody } from '#contract/schemas/chats.ts'
import { api } from '#src/lib/api.ts'

/** Whom a "Write" button opens the conversation with: a person (about an order), or the support team. */
export type ChatTarget = OpenChatBody | 'support'

/**
 * The conversation's address. A plain string rather than a typed route: the chat screens are their own feature,
 * and this module is also fetched on its own by the home page's FAQ, which must stay small.
 */
export const chatPath = (id: number) => `/chats/${id}`

/** Opens (or finds: the server answers the existing one) the conversation and answers its id. */
export async function openChat(target: ChatTarget): Promise<number> {
  const chat =
    target === 'support'
      ? await api.call(chatEndpoints.supportChat)
      : await api.call(chatEndpoints.openChat, { body: target })
  return chat.id
}
