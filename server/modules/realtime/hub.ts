import { notifRoom, SERVER_EVENTS, SUPPORT_TEAM_ROOM, type ServerToClientEvents } from '#contract/events.ts'
import type { RealtimeHub } from '#server/modules/notifications/ports.ts'
import type { RealtimeServer } from './socket-types.ts'

/**
 * The notifier's way to reach a user's open apps: an emit to their room, which the Redis adapter (when
 * REDIS_URL is set) carries to the processes holding their other sockets.
 */
export function createHub(io: RealtimeServer): RealtimeHub {
  return {
    notify: (userId, payload) => void io.to(notifRoom(userId)).emit(SERVER_EVENTS.notif, payload),
    unreadChanged: (userId, payload) => void io.to(notifRoom(userId)).emit(SERVER_EVENTS.unread, payload),
    orderProgress: (userId, payload) =>
      void io.to(notifRoom(userId)).emit(SERVER_EVENTS.orderProgress, payload),
  }
}

/** Where a chat event goes: one person's apps, or every support staff member's. */
export type ChatAudience = { userId: number } | 'support team'

/** The chat's way to reach the people of a conversation (server/modules/chats). */
export type ChatHub = {
  emit: <E extends 'chat:message' | 'chat:typing' | 'chat:read' | 'chat:hidden'>(
    to: ChatAudience,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => void
}

export function createChatHub(io: RealtimeServer): ChatHub {
  return {
    emit: (to, event, payload) => {
      const room = to === 'support team' ? SUPPORT_TEAM_ROOM : notifRoom(to.userId)
      // socket.io's typed emit cannot see that `event` and `payload` belong together.
      ;(io.to(room).emit as (event: string, payload: unknown) => void)(event, payload)
    },
  }
}

export const silentChatHub: ChatHub = { emit: () => undefined }
