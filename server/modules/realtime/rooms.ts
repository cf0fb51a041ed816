import { notifRoom, SUPPORT_TEAM_ROOM } from '#contract/events.ts'
import type { RealtimeSocket } from './socket-types.ts'

/** Who a socket speaks for, as far as rooms go. */
export type RoomHolder = { id: number; role: 'user' | 'support' | 'moderator' }

/** The rooms `connect_user` puts a socket of this user in: their own, and the support team's for its members. */
export const roomsOf = (user: RoomHolder) =>
  user.role === 'support' ? [notifRoom(user.id), SUPPORT_TEAM_ROOM] : [notifRoom(user.id)]

/** Whether a socket (`socketId`) of this user may be in every one of `rooms` now. */
export function roomsStillTheirs(rooms: readonly string[], socketId: string, user: RoomHolder) {
  const allowed = new Set([socketId, ...roomsOf(user)])
  return rooms.every((room) => allowed.has(room))
}

/**
 * Puts the socket in the rooms its user and their current role justify, and takes it out of every other: a
 * recovered socket comes back with the rooms it had (perhaps another user's, or the support team's of someone no
 * longer staff), and a role can change while a socket is open. The rooms join only once the app asked for them
 * (`connect_user`), so a socket not yet in its own room is put in none.
 */
export function settleRooms(socket: RealtimeSocket, user: RoomHolder) {
  const asked = socket.rooms.has(notifRoom(user.id))
  const wanted = new Set([socket.id, ...(asked ? roomsOf(user) : [])])
  for (const room of [...socket.rooms]) if (!wanted.has(room)) void socket.leave(room)
  for (const room of wanted) if (!socket.rooms.has(room)) void socket.join(room)
}
