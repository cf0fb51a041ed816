import { chatEndpoints as endpoints } from '#contract/chat-endpoints.ts'
import type { ChatLocation, ChatMessage, ReportReason } from '#contract/schemas/chats.ts'
import { api } from '#src/lib/api.ts'
import { uploadFile } from '#src/lib/upload-file.ts'

export const chatsApi = {
  list: (search: string, cursor?: string) =>
    api.call(endpoints.chats, {
      query: { ...(search !== '' && { search }), ...(cursor !== undefined && { cursor }) },
    }),
  chat: (id: number) => api.call(endpoints.chat, { params: { id } }),
  unread: () => api.call(endpoints.chatsUnread),
  /** The newest page, or the one `before` an id (older), or everything `after` an id (catching up). */
  messages: (id: number, page: { before?: number; after?: number } = {}) =>
    api.call(endpoints.chatMessages, {
      params: { id },
      query: {
        ...(page.before !== undefined && { before: String(page.before) }),
        ...(page.after !== undefined && { after: String(page.after) }),
      },
    }),
  send: (id: number, body: { client_id: string; text: string; location?: ChatLocation }) =>
    api.call(endpoints.sendChatMessage, { params: { id }, body }),
  read: (id: number, messageId: number) =>
    api.call(endpoints.readChat, { params: { id }, body: { message_id: messageId } }),
  block: (id: number, blocked: boolean) =>
    api.call(endpoints.blockChat, { params: { id }, body: { blocked } }),
  report: (id: number, messageId: number, reason: ReportReason, text: string) =>
    api.call(endpoints.reportMessage, { params: { id, messageId }, body: { reason, text } }),

  /**
   * A photo as multipart (`client_id`, `file`) through the app's one photo uploader; the server re-encodes it.
   * Throws ApiError like api.call.
   */
  photo: (id: number, clientId: string, photo: Blob, name: string) =>
    uploadFile<ChatMessage>(endpoints.chatPhoto.path, { id }, { blob: photo, name }, () => {}, {
      client_id: clientId,
    }),
}
