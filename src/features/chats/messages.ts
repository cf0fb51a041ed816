import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'

/** Whether the reader wrote a message: staff answering a support chat write as the team (contract ChatSchema). */
export const isMine = (chat: Pick<Chat, 'as_support'>, message: ChatMessage, myId: number | null) =>
  chat.as_support ? message.from_support : message.sender_id === myId && !message.from_support

/** Whether a mark event's reader is the other side of the conversation (then it moves my messages' ticks). */
export function isOtherSide(chat: Chat, userId: number | null) {
  if (chat.as_support) return userId === chat.other.id
  return chat.other.support ? userId === null : userId === chat.other.id
}

export type Delivery = 'sent' | 'delivered' | 'read'

/** Where one of the reader's messages is: the other side's marks are the newest ids they received and read. */
export function deliveryOf(
  message: ChatMessage,
  marks: { delivered_up_to: number; read_up_to: number },
): Delivery {
  if (message.id <= marks.read_up_to) return 'read'
  if (message.id <= marks.delivered_up_to) return 'delivered'
  return 'sent'
}

/** Merges messages by id (a replayed event or an overlapping page is shown once), oldest first. */
export function mergeMessages(held: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(held.map((message) => [message.id, message]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/**
 * The calendar day of a message in Tashkent, for grouping ("2026-11-24"): the day its time is shown in
 * (docs/decisions/024-times-in-tashkent.md), whatever the device's zone.
 */
export const dayOf = (iso: string) => tashkentDay(new Date(iso))
