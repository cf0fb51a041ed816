import type { Clock } from '#server/lib/clock.ts'
import { hmac } from '#server/lib/secrets.ts'
import { DAY_MS, tashkentDay } from '#server/lib/tashkent-day.ts'
import type { OrdersRepository } from './repository.ts'

/**
 * Who reads an order, for counting one view a day each: a signed-in user, else the device by its cookie
 * (viewer-cookie.ts). A read that brings no cookie, a device's first or a client's that keeps none, is told by its
 * address and browser, and carries the cookie just given to the device (`newDevice`).
 */
export type Viewer =
  { user: number } | { device: string } | { address: string; userAgent: string; newDevice: string }

/**
 * Whether a read is a viewer's first of the order on this Tashkent day, remembered in `order_viewers` so that it
 * holds across processes and restarts. The viewer is kept as an HMAC under the server's secret of who, the order
 * and the day: no user id, address or cookie in clear, and nothing that links one viewer's looks at two orders.
 */
export function createOrderViewers({
  repo,
  secret,
  clock,
}: {
  repo: Pick<OrdersRepository, 'markViewed' | 'forgetViewersBefore'>
  secret: string
  clock: Clock
}) {
  // Per process: the past days are deleted at most once a day here, not at every flush.
  let forgottenBefore: string | undefined

  return {
    async isFirstLookToday(orderId: number, viewer: Viewer) {
      const day = tashkentDay(clock.now())
      const mark = (who: string) =>
        repo.markViewed(orderId, hmac(secret, `order-viewer|${day}|${orderId}|${who}`), day)
      if ('user' in viewer) return mark(`user|${viewer.user}`)
      if ('device' in viewer) return mark(`device|${viewer.device}`)
      // A client that keeps no cookie, reloading, is one viewer by its address and browser. A device's first read
      // marks its new cookie too: its next read, which sends the cookie, is not a second view. When the address
      // and browser already looked today (another device behind the same network), the new device is not marked
      // and counts at its next read, by its cookie.
      if (!(await mark(`address|${viewer.address}|${viewer.userAgent}`))) return false
      await mark(`device|${viewer.newDevice}`)
      return true
    },

    /**
     * Deletes who looked at orders before yesterday: today's are read, and yesterday's by a process whose clock is
     * still before midnight.
     */
    async forgetPastDays() {
      const yesterday = tashkentDay(new Date(clock.now().getTime() - DAY_MS))
      if (forgottenBefore === yesterday) return
      await repo.forgetViewersBefore(yesterday)
      forgottenBefore = yesterday
    },
  }
}
export type OrderViewers = ReturnType<typeof createOrderViewers>
