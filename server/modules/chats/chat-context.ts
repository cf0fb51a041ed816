// What every part of the chats service shares: its dependencies, who may see a conversation and from which side,
// the audiences of its live events, and the telling of a new message.
import type { Chat } from '#contract/schemas/chats.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { OrderRow } from '#server/modules/orders/repository.ts'
import type { ChatAudience, ChatHub } from '#server/modules/realtime/hub.ts'
import { otherOf, presentChats, presentMessage, sideOf, type Caller, type Side } from './present.ts'
import type { ChatRecord, ChatsRepository, MessageRecord } from './repository.ts'

export const RATE_WINDOW_MS = 60_000
/** Conversations whose people this process remembers (ChatIdentity); the oldest is forgotten beyond it. */
const REMEMBERED_CHATS = 50_000

/** Who a conversation is between: never changes once it is opened. */
export type ChatIdentity = Pick<ChatRecord, 'id' | 'kind' | 'userA' | 'userB'>

/** What the chat needs of other modules, wired in app.ts. */
export type ChatPorts = {
  order: (id: number) => Promise<OrderRow | undefined>
  replyOf: (orderId: number, executorId: number) => Promise<{ message: string; createdAt: Date } | undefined>
  /** An account that can be written to (exists, not deleted). */
  personExists: (id: number) => Promise<boolean>
  savePhoto: (folder: string, bytes: Buffer) => Promise<string>
  /** A message stayed unread: it becomes a "new chat message" notification (the notifier decides the rest). */
  unreadMessage: (event: { chatId: number; recipientId: number; senderId: number }) => void
  /** The person read a conversation: its notifications are read too. */
  conversationRead: (userId: number, chatId: number) => void
}

export type ChatDeps = {
  repo: ChatsRepository
  ports: ChatPorts
  hub: ChatHub
  clock: Clock
  limits: { perMinute: number; notifyAfterMs: number }
  onError: (error: unknown) => void
}

export const notFound = () => new AppError('not_found', 'not_found')

/** The pair's key: the smaller id first. */
export const pairOf = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a })

/** The audiences of a conversation other than `side`, and `side`'s own (its other devices, other staff). */
export function audiences(chat: ChatIdentity, side: Side): { others: ChatAudience[]; own: ChatAudience } {
  const own: ChatAudience = side.as === 'team' ? 'support team' : { userId: side.userId }
  const otherId = otherOf(chat, side)
  return { others: [otherId === null ? 'support team' : { userId: otherId }], own }
}

/** `scheduleNotification` stores the unread-message check (see unread-notifications.ts). */
export function createChatContext(
  deps: ChatDeps,
  scheduleNotification: (chatId: number, recipientId: number, senderId: number) => Promise<void>,
) {
  const { repo, hub, clock } = deps

  /** The conversation and the caller's side of it; for anyone else it does not exist. */
  async function access(chatId: number, caller: Caller): Promise<{ chat: ChatRecord; side: Side }> {
    const chat = await repo.findChat(chatId)
    const side = chat && sideOf(chat, caller)
    if (!chat || !side) throw notFound()
    return { chat, side }
  }

  /**
   * `access` for a send or "typing…", which need only who the conversation is between: remembered once read, as it
   * never changes, so a busy conversation's messages do not read it again. A conversation deleted since (with an
   * account) is caught where the message is stored (`forget`).
   */
  const identities = new Map<number, ChatIdentity>()
  async function accessToWrite(chatId: number, caller: Caller): Promise<{ chat: ChatIdentity; side: Side }> {
    const known = identities.get(chatId)
    const side = known && sideOf(known, caller)
    if (known && side) return { chat: known, side }
    const found = await access(chatId, caller)
    const { id, kind, userA, userB } = found.chat
    if (identities.size >= REMEMBERED_CHATS) identities.delete(identities.keys().next().value!)
    identities.set(chatId, { id, kind, userA, userB })
    return found
  }
  const forget = (chatId: number) => identities.delete(chatId)

  const view = async (caller: Caller, chatId: number): Promise<Chat> => {
    const [chat] = await presentChats(repo, caller, [chatId], clock.now())
    return chat!
  }

  /**
   * Tells both sides at once, then stores the check of a message that may stay unread: the answer waits for it, so
   * an acknowledged message always has its notification on the way.
   */
  async function announce(
    chat: ChatIdentity,
    side: Side,
    message: MessageRecord,
    unread: Map<number, { unread: number; total: number }>,
  ) {
    const presented = presentMessage(message)
    const { others, own } = audiences(chat, side)
    const checks: Promise<void>[] = []
    hub.emit(own, 'chat:message', { chat_id: chat.id, message: presented, unread: null, total: null })
    for (const audience of others) {
      const counts = audience === 'support team' ? undefined : unread.get(audience.userId)
      hub.emit(audience, 'chat:message', {
        chat_id: chat.id,
        message: presented,
        unread: counts?.unread ?? null,
        total: counts?.total ?? null,
      })
      if (audience !== 'support team' && message.kind !== 'reply')
        checks.push(scheduleNotification(chat.id, audience.userId, message.senderId ?? 0))
    }
    await Promise.all(checks)
  }

  return { ...deps, access, accessToWrite, forget, view, announce }
}
export type ChatContext = ReturnType<typeof createChatContext>
