import {
  BlockBodySchema,
  ChatMessageParamsSchema,
  ChatMessageSchema,
  ChatParamsSchema,
  ChatSchema,
  ChatsQuerySchema,
  ChatsResponseSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  OpenChatBodySchema,
  ReadBodySchema,
  ReportBodySchema,
  ReportSchema,
  SendMessageBodySchema,
  TotalUnreadSchema,
  UnreadStateSchema,
} from './schemas/chats.ts'
import { V1, type Endpoint } from './endpoint.ts'

/**
 * Conversations (docs/decisions/014-chat.md). Only the two people of a conversation (and, in a support chat, the
 * support staff) read or write it; anyone else gets 404, as if it did not exist. Messages also travel over the
 * socket (contract/events.ts): a send there and a send here are the same, and a `client_id` makes either safe to
 * replay.
 */
export const chatEndpoints = {
  chats: {
    method: 'GET',
    path: `${V1}/chats`,
    summary:
      "The caller's conversations, the newest first, with unread counts; `search` matches a name or an order",
    tag: 'chats',
    auth: true,
    query: ChatsQuerySchema,
    response: ChatsResponseSchema,
  },
  openChat: {
    method: 'POST',
    path: `${V1}/chats`,
    summary:
      'Open the conversation with a person (about an order of yours or theirs, when `order_id` is given); answers the existing one if there is one',
    tag: 'chats',
    auth: true,
    body: OpenChatBodySchema,
    response: ChatSchema,
  },
  supportChat: {
    method: 'POST',
    path: `${V1}/chats/support`,
    summary: "Open the caller's conversation with the support team (the same one every time)",
    tag: 'chats',
    auth: true,
    response: ChatSchema,
  },
  chatsUnread: {
    method: 'GET',
    path: `${V1}/chats/unread`,
    summary: 'How many messages to the caller are unread, over all conversations',
    tag: 'chats',
    auth: true,
    response: TotalUnreadSchema,
  },
  chat: {
    method: 'GET',
    path: `${V1}/chats/{id}`,
    summary: 'One conversation: its order, the other person, read marks and block state',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    response: ChatSchema,
  },
  chatMessages: {
    method: 'GET',
    path: `${V1}/chats/{id}/messages`,
    summary: 'Messages of a conversation: the newest page, older ones with `before`, newer ones with `after`',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    query: MessagesQuerySchema,
    response: MessagesResponseSchema,
  },
  sendChatMessage: {
    method: 'POST',
    path: `${V1}/chats/{id}/messages`,
    summary:
      'Send a text (up to 4000 characters) or a location; the same `client_id` again answers the first message',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    body: SendMessageBodySchema,
    response: ChatMessageSchema,
  },
  chatPhoto: {
    form: 'file',
    method: 'POST',
    path: `${V1}/chats/{id}/photos`,
    summary:
      'Send a photo (multipart fields `client_id` and `file`, at most 10 MB, JPEG, PNG, WebP or HEIC, re-encoded without EXIF/GPS)',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    response: ChatMessageSchema,
  },
  readChat: {
    method: 'POST',
    path: `${V1}/chats/{id}/read`,
    summary: 'Mark the conversation read up to a message; answers its unread count and the total',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    body: ReadBodySchema,
    response: UnreadStateSchema,
  },
  blockChat: {
    method: 'PUT',
    path: `${V1}/chats/{id}/block`,
    summary: 'Block (or unblock) the other person: no messages either way while blocked',
    tag: 'chats',
    auth: true,
    params: ChatParamsSchema,
    body: BlockBodySchema,
    response: ChatSchema,
  },
  reportMessage: {
    method: 'POST',
    path: `${V1}/chats/{id}/messages/{messageId}/report`,
    summary: "Report the other person's message to moderation (once per message)",
    tag: 'chats',
    auth: true,
    params: ChatMessageParamsSchema,
    body: ReportBodySchema,
    response: ReportSchema,
  },
} as const satisfies Record<string, Endpoint>
