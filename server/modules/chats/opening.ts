// Opening conversations: with a person (about an order or not), with the support team, and those an order's reply
// or a direct order opens by itself.
import type { Chat, OpenChatBody } from '#contract/schemas/chats.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { OrderRow } from '#server/modules/orders/repository.ts'
import { notFound, pairOf, type ChatContext } from './chat-context.ts'
import type { Caller, Side } from './present.ts'

export function createChatOpening({ repo, ports, clock, access, view, announce }: ChatContext) {
  /** A direct conversation that exists already (the other opened it) is answered: it is in both lists anyway. */
  async function mayWriteDirectly(callerId: number, userId: number) {
    if (await repo.seesProfileOf(callerId, userId)) return true
    const { userA, userB } = pairOf(callerId, userId)
    return (await repo.findPairChat(userA, userB, 0)) !== undefined
  }

  return {
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
      if (created) await announce(chat, side, message, unread)
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
  }
}
