import type {
  Chat,
  ChatMessage,
  ChatsQuery,
  MessagesQuery,
  OpenChatBody,
  ReportReason,
  SendMessageBody,
  UnreadState,
} from '#contract/schemas/chats.ts'
import { AppError, fieldError, rateLimited } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import type { OrderRow } from '#server/modules/orders/repository.ts'
import type { ChatAudience, ChatHub } from '#server/modules/realtime/hub.ts'
import { otherOf, presentChats, presentMessage, sideOf, type Caller, type Side } from './present.ts'
import type { ChatRecord, ChatsRepository, MessageRecord, NewMessage } from './repository.ts'

const RATE_WINDOW_MS = 60_000

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

type Deps = {
  repo: ChatsRepository
  ports: ChatPorts
  hub: ChatHub
  clock: Clock
  limits: { perMinute: number; notifyAfterMs: number }
  onError: (error: unknown) => void
}

const notFound = () => new AppError('not_found', 'not_found')

/** The pair's key: the smaller id first. */
const pairOf = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a })

/**
 * Conversations: who may open, read and write them, messages stored once per client id, read and received marks,
 * blocking, reports, the per-minute limit, and the live events to both sides (docs/decisions/014-chat.md).
 */
export function createChatsService({ repo, ports, hub, clock, limits, onError }: Deps) {
  /** One pending check per recipient and conversation: a burst of messages is one notification at most. */
  const notifyTimers = new Map<string, NodeJS.Timeout>()

  /** The conversation and the caller's side of it; for anyone else it does not exist. */
  async function access(chatId: number, caller: Caller): Promise<{ chat: ChatRecord; side: Side }> {
    const chat = await repo.findChat(chatId)
    const side = chat && sideOf(chat, caller)
    if (!chat || !side) throw notFound()
    return { chat, side }
  }

  /** A direct conversation that exists already (the other opened it) is answered: it is in both lists anyway. */
  async function mayWriteDirectly(callerId: number, userId: number) {
    if (await repo.seesProfileOf(callerId, userId)) return true
    const { userA, userB } = pairOf(callerId, userId)
    return (await repo.findPairChat(userA, userB, 0)) !== undefined
  }

  const view = async (caller: Caller, chatId: number): Promise<Chat> => {
    const [chat] = await presentChats(repo, caller, [chatId], clock.now())
    return chat!
  }

  /** The audiences of a conversation other than `side`, and `side`'s own (its other devices, other staff). */
  function audiences(chat: ChatRecord, side: Side): { others: ChatAudience[]; own: ChatAudience } {
    const own: ChatAudience = side.as === 'team' ? 'support team' : { userId: side.userId }
    const otherId = otherOf(chat, side)
    return { others: [otherId === null ? 'support team' : { userId: otherId }], own }
  }

  /** Tells both sides, and schedules the notification of a message that may stay unread. */
  function announce(
    chat: ChatRecord,
    side: Side,
    message: MessageRecord,
    unread: Map<number, { unread: number; total: number }>,
  ) {
    const presented = presentMessage(message)
    const { others, own } = audiences(chat, side)
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
        scheduleNotification(chat.id, audience.userId, message.senderId ?? 0)
    }
  }

  /** A message still unread after a while becomes a notification: someone reading the conversation never gets one. */
  function scheduleNotification(chatId: number, recipientId: number, senderId: number) {
    const key = `${chatId}:${recipientId}`
    if (notifyTimers.has(key)) return
    const timer = setTimeout(() => {
      notifyTimers.delete(key)
      void (async () => {
        const participant = await repo.participant(chatId, recipientId)
        // Read since (all of it): nothing to tell.
        if (!participant || participant.unread === 0) return
        ports.unreadMessage({ chatId, recipientId, senderId })
      })().catch(onError)
    }, limits.notifyAfterMs)
    timer.unref()
    notifyTimers.set(key, timer)
  }

  /** The per-minute limit is reached: one more is allowed once the oldest of the newest `perMinute` leaves the window. */
  async function refuseOverLimit(senderId: number, at: Date): Promise<never> {
    const now = at.getTime()
    const edge = await repo.nthNewestSendSince(senderId, new Date(now - RATE_WINDOW_MS), limits.perMinute)
    throw rateLimited('chat_rate_limited', ((edge?.getTime() ?? now) + RATE_WINDOW_MS - now) / 1000)
  }

  /** The checks of every send, then one row per client id. */
  async function store(
    chatId: number,
    caller: Caller,
    content: Omit<NewMessage, 'chatId' | 'senderId' | 'fromSupport' | 'createdAt'>,
    prepare?: () => Promise<Partial<NewMessage>>,
  ): Promise<ChatMessage> {
    const { chat, side } = await access(chatId, caller)
    const otherId = otherOf(chat, side)
    const now = clock.now()
    const check = await repo.preflight(
      chat.id,
      content.clientId,
      caller.id,
      side.as === 'person' ? otherId : null,
      new Date(now.getTime() - RATE_WINDOW_MS),
    )
    if (check.earlierId !== null) {
      const earlier = (await repo.findMessage(chat.id, check.earlierId))!
      // A replay answers the first message, whatever happened since (a block, the limit).
      if (earlier.senderId !== caller.id) throw fieldError('client_id', 'client_id_invalid')
      return presentMessage(earlier)
    }
    if (check.blocked) throw new AppError('forbidden', 'chat_blocked')
    // An early answer before a photo is re-encoded; the limit itself is held where the message is stored.
    if (check.recent >= limits.perMinute) await refuseOverLimit(caller.id, now)
    const extra = prepare ? await prepare() : {}
    const stored = await repo.addMessageWithinLimit(
      {
        ...content,
        ...extra,
        chatId: chat.id,
        senderId: caller.id,
        fromSupport: side.as === 'team',
        createdAt: now,
      },
      { toTeam: chat.kind === 'support' && side.as === 'person' },
      { perMinute: limits.perMinute, since: new Date(now.getTime() - RATE_WINDOW_MS) },
    )
    if (!stored) return refuseOverLimit(caller.id, now)
    const { message, created, unread } = stored
    if (created) {
      // The message is stored: a failure to tell the sockets must not turn the send into an error.
      try {
        announce(chat, side, message, unread)
      } catch (error) {
        onError(error)
      }
    }
    return presentMessage(message)
  }

  /** After a read: the other side's marks move; the reader's own devices learn what is left. */
  async function announceMarks(
    chat: ChatRecord,
    side: Side,
    marks: { delivered: number; read: number },
    left: { unread: number; total: number | null } | null,
  ) {
    const { others, own } = audiences(chat, side)
    const base = {
      chat_id: chat.id,
      user_id: side.as === 'team' ? null : side.userId,
      delivered_up_to: marks.delivered,
      read_up_to: marks.read,
    }
    for (const audience of others) hub.emit(audience, 'chat:read', { ...base, unread: null, total: null })
    if (left) hub.emit(own, 'chat:read', { ...base, unread: left.unread, total: left.total })
  }

  async function mark(caller: Caller, chatId: number, messageId: number, kind: 'read' | 'delivered') {
    const { chat, side } = await access(chatId, caller)
    const upTo = messageId
    if (side.as === 'team') {
      const row = (await repo.markTeam(chat.id, upTo, kind))!
      await announceMarks(
        chat,
        side,
        { delivered: row.teamDeliveredUpTo, read: row.teamReadUpTo },
        kind === 'read' ? { unread: row.teamUnread, total: null } : null,
      )
      return { chat_id: chat.id, unread: row.teamUnread, total: await repo.totalUnread(caller.id, true) }
    }
    const row = await repo.markParticipant(
      chat.id,
      side.userId,
      upTo,
      kind,
      chat.kind === 'support' ? 'from support' : 'not mine',
    )
    if (!row) throw notFound()
    const total = await repo.totalUnread(caller.id, caller.role === 'support')
    await announceMarks(
      chat,
      side,
      { delivered: row.deliveredUpTo, read: row.readUpTo },
      kind === 'read' ? { unread: row.unread, total } : null,
    )
    if (kind === 'read') ports.conversationRead(caller.id, chat.id)
    return { chat_id: chat.id, unread: row.unread, total }
  }

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

    async chat(caller: Caller, chatId: number) {
      await access(chatId, caller)
      return view(caller, chatId)
    },

    /**
     * Opens (or answers) the conversation with a person, about an order when one is named: then one of the two
     * must be its customer and the other a specialist who replied to it or was chosen for it. Without an order,
     * only with someone whose profile the caller may open (a specialist, or a customer they share an order with:
     * decision 008), or someone who already wrote to them; anyone else is not found, as their profile is.
     */
    async open(caller: Caller, body: OpenChatBody): Promise<Chat> {
      if (body.user_id === caller.id) throw fieldError('user_id', 'cannot_chat_with_yourself')
      if (!(await ports.personExists(body.user_id))) throw notFound()
      if (body.order_id === undefined && !(await mayWriteDirectly(caller.id, body.user_id))) throw notFound()
      let orderId: number | null = null
      if (body.order_id !== undefined) {
        const order = await ports.order(body.order_id)
        if (!order) throw notFound()
        const executorId =
          order.customerId === caller.id ? body.user_id : order.customerId === body.user_id ? caller.id : null
        const allowed =
          executorId !== null &&
          (order.executorId === executorId || (await ports.replyOf(order.id, executorId)) !== undefined)
        if (!allowed) throw new AppError('forbidden', 'chat_not_allowed')
        orderId = order.id
      }
      const chat = await repo.openChat({
        kind: orderId === null ? 'direct' : 'order',
        orderId,
        ...pairOf(caller.id, body.user_id),
        at: clock.now(),
      })
      return view(caller, chat.id)
    },

    /** The caller's own conversation with the support team. */
    async support(caller: Caller): Promise<Chat> {
      const chat = await repo.openChat({
        kind: 'support',
        orderId: null,
        userA: caller.id,
        userB: null,
        at: clock.now(),
      })
      return view({ id: caller.id, role: 'user' }, chat.id)
    },

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

    send: (caller: Caller, chatId: number, body: SendMessageBody) =>
      store(chatId, caller, {
        clientId: body.client_id,
        kind: body.location ? 'location' : 'text',
        text: body.text,
        lat: body.location?.lat ?? null,
        lng: body.location?.lng ?? null,
      }),

    /** A photo, re-encoded as order photos are; its bytes are read only for a send that is not a replay. */
    async sendPhoto(caller: Caller, chatId: number, clientId: string, bytes: Buffer | undefined) {
      return store(chatId, caller, { clientId, kind: 'photo', text: '' }, async () => {
        const photo = bytes ? await reencodePhoto(bytes) : null
        if (!photo) throw fieldError('file', 'file_invalid')
        return { photo: await ports.savePhoto(`chats/${chatId}`, photo) }
      })
    },

    read: (caller: Caller, chatId: number, messageId: number): Promise<UnreadState> =>
      mark(caller, chatId, messageId, 'read'),

    delivered: (caller: Caller, chatId: number, messageId: number) =>
      mark(caller, chatId, messageId, 'delivered'),

    /** "Typing…" goes to the other side only, and not across a block. */
    async typing(caller: Caller, chatId: number) {
      const { chat, side } = await access(chatId, caller)
      const otherId = otherOf(chat, side)
      if (otherId !== null && side.as === 'person' && (await repo.isBlocked(caller.id, otherId))) return
      for (const audience of audiences(chat, side).others)
        hub.emit(audience, 'chat:typing', {
          chat_id: chat.id,
          user_id: side.as === 'team' ? null : caller.id,
        })
    },

    async block(caller: Caller, chatId: number, blocked: boolean): Promise<Chat> {
      const { chat, side } = await access(chatId, caller)
      const otherId = otherOf(chat, side)
      // The support team is never blocked, and staff do not block the people they help.
      if (otherId === null || side.as === 'team') throw new AppError('forbidden', 'forbidden')
      await repo.setBlock(caller.id, otherId, blocked, clock.now())
      return view(caller, chat.id)
    },

    async report(
      caller: Caller,
      chatId: number,
      messageId: number,
      body: { reason: ReportReason; text: string },
    ) {
      const { chat, side } = await access(chatId, caller)
      const message = await repo.findMessage(chat.id, messageId)
      if (!message) throw notFound()
      const own =
        side.as === 'team' ? message.fromSupport : message.senderId === caller.id && !message.fromSupport
      if (own) throw new AppError('forbidden', 'cannot_report_own_message')
      const report = await repo.addReport({
        messageId,
        reporterId: caller.id,
        reason: body.reason,
        text: body.text,
        createdAt: clock.now(),
      })
      if (!report) throw new AppError('conflict', 'already_reported')
      return { id: report.id, status: report.status }
    },

    /**
     * A specialist's reply opens the conversation about the order with the customer; the reply is its first
     * message (the customer already hears of it as "interest in your order").
     */
    async openForReply(order: OrderRow, executorId: number) {
      const reply = await ports.replyOf(order.id, executorId)
      if (!reply) return
      const chat = await repo.openChat({
        kind: 'order',
        orderId: order.id,
        ...pairOf(order.customerId, executorId),
        at: reply.createdAt,
      })
      const side: Side = { as: 'person', userId: executorId }
      const { message, created, unread } = await repo.addMessage(
        {
          chatId: chat.id,
          senderId: executorId,
          fromSupport: false,
          clientId: `reply-${order.id}`,
          kind: 'reply',
          text: reply.message,
          createdAt: reply.createdAt,
        },
        { toTeam: false },
      )
      if (created) announce(chat, side, message, unread)
    },

    /** A direct order opens its conversation with the chosen specialist at once. */
    async openForDirectOrder(order: OrderRow) {
      if (order.executorId === null) return
      await repo.openChat({
        kind: 'order',
        orderId: order.id,
        ...pairOf(order.customerId, order.executorId),
        at: clock.now(),
      })
    },

    close() {
      for (const timer of notifyTimers.values()) clearTimeout(timer)
      notifyTimers.clear()
    },
  }
}
export type ChatsService = ReturnType<typeof createChatsService>
