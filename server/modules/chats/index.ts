/**
 * The chats area: conversations over HTTP and the socket; a reply or a direct order opens one, and a message left
 * unread becomes a notification through the notifier. Takes the orders' repository (an order and its reply), the
 * users, the socket server (realtime) and the notifications (a read conversation reads its notifications); gives
 * `app.chats`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { NotificationsService } from '#server/modules/notifications/service.ts'
import type { OrdersRepository } from '#server/modules/orders/repository.ts'
import type { Realtime } from '#server/modules/realtime/socket-server.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { createChatsRepository } from './repository.ts'
import { chatRoutes } from './routes.ts'
import { createChatsService, type ChatsService } from './service.ts'
import { chatSocketEvents } from './socket-events.ts'

export type ChatsContext = AreaContext & {
  orders: Pick<OrdersRepository, 'find' | 'replyOf'>
  users: Pick<UsersRepository, 'findById'>
  realtime: Pick<Realtime, 'chatHub' | 'setHooks'>
  notifications: Pick<NotificationsService, 'conversationRead'>
}
export type ChatsPort = { service: ChatsService }

export const chatsArea = fp<ChatsContext>(
  async (
    app,
    { database: { db }, config, clock, storage, events, jobs, orders, users, realtime, notifications },
  ) => {
    const chats = createChatsService({
      repo: createChatsRepository(db),
      ports: {
        order: (id) => orders.find(id),
        replyOf: (orderId, executorId) => orders.replyOf(orderId, executorId),
        personExists: async (id) => {
          const user = await users.findById(id)
          return user !== undefined && user.deletedAt === null
        },
        savePhoto: (folder, bytes) => storage.save(folder, bytes, 'webp'),
        unreadMessage: (event) => events.publish({ type: 'chat.unread', ...event }),
        conversationRead: (userId, chatId) =>
          void notifications
            .conversationRead(userId, chatId)
            .catch((error: unknown) => app.log.error({ err: error }, 'reading chat notifications failed')),
      },
      hub: realtime.chatHub,
      clock,
      limits: {
        perMinute: config.CHAT_MESSAGES_PER_MINUTE,
        notifyAfterMs: config.CHAT_NOTIFY_AFTER_S * 1000,
      },
      onError: (error) => app.log.error({ err: error }, 'chat delivery failed'),
      jobs,
    })
    events.subscribe(async (event) => {
      if (event.type === 'order.replied') await chats.openForReply(event.order, event.executorId)
      if (event.type === 'order.published' && event.order.isDirect)
        await chats.openForDirectOrder(event.order)
    })
    await app.register(chatRoutes, { chats })
    realtime.setHooks({
      onSocket: chatSocketEvents(chats, (error) => app.log.error({ err: error }, 'chat socket event failed')),
    })
    app.decorate('chats', { service: chats } satisfies ChatsPort)
  },
  { name: 'chats-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    chats: ChatsPort
  }
}
