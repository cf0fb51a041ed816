import { notifRoom, SERVER_EVENTS } from '#contract/events.ts'
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
  }
}
