import type { Chat, ChatMessage, ChatPerson } from '#contract/schemas/chats.ts'
import { isOnline } from '#server/modules/users/present-profile.ts'
import type { ChatRecord, ChatsRepository, MessageRecord, ParticipantRecord } from './repository.ts'

/** Who reads a conversation: a person, and whether they may answer for the support team. */
export type Caller = { id: number; role: 'user' | 'support' | 'moderator' }

/**
 * Which side of a conversation the caller is on: one of its two people, or the support team (staff reading a
 * support conversation that is not their own).
 */
export type Side = { as: 'person'; userId: number } | { as: 'team' }

export const sideOf = (
  chat: Pick<ChatRecord, 'kind' | 'userA' | 'userB'>,
  caller: Caller,
): Side | undefined => {
  if (chat.userA === caller.id || chat.userB === caller.id) return { as: 'person', userId: caller.id }
  if (chat.kind === 'support' && caller.role === 'support') return { as: 'team' }
  return undefined
}

/** The other side's id: null when it is the support team. */
export const otherOf = (chat: Pick<ChatRecord, 'kind' | 'userA' | 'userB'>, side: Side): number | null => {
  if (side.as === 'team') return chat.userA
  if (chat.kind === 'support') return null
  return chat.userA === side.userId ? chat.userB : chat.userA
}

export function presentMessage(row: MessageRecord): ChatMessage {
  return {
    id: row.id,
    chat_id: row.chatId,
    sender_id: row.senderId,
    from_support: row.fromSupport,
    client_id: row.clientId,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    // What a moderator hid (decision 029) reaches nobody again, not even its own people.
    ...(row.hiddenAt
      ? { text: '', photo: null, location: null, hidden: true }
      : {
          text: row.text,
          photo: row.photo,
          location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
          hidden: false,
        }),
  }
}

const TEAM: Omit<ChatPerson, 'is_online'> = {
  id: null,
  name: 'Support',
  photo: null,
  verification: 0,
  last_seen_at: null,
  support: true,
  slug: null,
}

/**
 * Conversations as `caller` sees them, in the order of `ids`: the other person, the order, the last message,
 * the caller's unread count, how far the other side has received and read, and who blocked whom.
 */
export async function presentChats(
  repo: ChatsRepository,
  caller: Caller,
  ids: number[],
  now: Date,
): Promise<Chat[]> {
  const chatRows = await repo.chatsByIds(ids)
  const sides = new Map(chatRows.map((chat) => [chat.id, sideOf(chat, caller)!]))
  const others = [
    ...new Set(chatRows.map((chat) => otherOf(chat, sides.get(chat.id)!)).filter((id) => id !== null)),
  ]
  const [participants, people, orderRows, lastMessages, blocks] = await Promise.all([
    repo.participantsOf(ids),
    repo.peopleByIds(others),
    repo.ordersByIds([...new Set(chatRows.map((chat) => chat.orderId).filter((id) => id !== null))]),
    repo.messagesByIds(chatRows.map((chat) => chat.lastMessageId).filter((id) => id !== null)),
    repo.blocksAmong(caller.id, others),
  ])
  const participant = (chatId: number, userId: number): ParticipantRecord | undefined =>
    participants.find((row) => row.chatId === chatId && row.userId === userId)
  const personOf = new Map(people.map((person) => [person.id, person]))
  const orderOf = new Map(orderRows.map((order) => [order.id, order]))
  const messageOf = new Map(lastMessages.map((message) => [message.id, message]))

  const present = (chat: ChatRecord): Chat => {
    const side = sides.get(chat.id)!
    const otherId = otherOf(chat, side)
    const person = otherId === null ? undefined : personOf.get(otherId)
    const other: ChatPerson =
      otherId === null
        ? { ...TEAM, is_online: false }
        : {
            id: otherId,
            // A deleted account keeps its conversations, without its name or photo.
            name: person && !person.deletedAt ? `${person.name} ${person.surname}`.trim() : '',
            photo: person && !person.deletedAt ? person.photo : null,
            verification: person?.verification ?? 0,
            is_online: person ? isOnline(person.lastSeenAt, now) : false,
            last_seen_at: person?.lastSeenAt?.toISOString() ?? null,
            support: false,
            slug: person && !person.deletedAt && person.type === 'executor' ? person.slug : null,
          }
    const mine = side.as === 'person' ? participant(chat.id, side.userId) : undefined
    const theirs = otherId === null ? undefined : participant(chat.id, otherId)
    const marks =
      side.as === 'person' && chat.kind === 'support'
        ? { delivered: chat.teamDeliveredUpTo, read: chat.teamReadUpTo }
        : { delivered: theirs?.deliveredUpTo ?? 0, read: theirs?.readUpTo ?? 0 }
    const block =
      otherId === null
        ? undefined
        : blocks.find((row) => row.blockerId === caller.id || row.blockerId === otherId)
    const order = chat.orderId === null ? undefined : orderOf.get(chat.orderId)
    const last = chat.lastMessageId === null ? undefined : messageOf.get(chat.lastMessageId)
    return {
      id: chat.id,
      kind: chat.kind,
      order: order
        ? {
            id: order.id,
            name: order.name,
            price: order.price,
            price_min: order.priceMin,
            price_max: order.priceMax,
            status: order.status,
          }
        : null,
      other,
      last_message: last ? presentMessage(last) : null,
      unread: side.as === 'team' ? chat.teamUnread : (mine?.unread ?? 0),
      delivered_up_to: marks.delivered,
      read_up_to: marks.read,
      my_read_up_to: side.as === 'team' ? chat.teamReadUpTo : (mine?.readUpTo ?? 0),
      blocked: !block ? 'none' : block.blockerId === caller.id ? 'by_me' : 'by_them',
      as_support: side.as === 'team',
      updated_at: chat.lastMessageAt.toISOString(),
    }
  }
  const byId = new Map(chatRows.map((chat) => [chat.id, chat]))
  return ids.flatMap((id) => {
    const chat = byId.get(id)
    return chat ? [present(chat)] : []
  })
}
