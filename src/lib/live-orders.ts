import { useEffect, useRef } from 'react'

/**
 * What the socket said about orders, for the screens that show them. `orderId` is the order a notification was
 * about; null says "anything may have changed": the socket (re)joined its room, and events before that were missed.
 *
 * The socket client (src/features/notifications/realtime.ts) announces; the order page and the lists listen. This
 * module stays tiny and imports nothing of the socket: the screens that listen load it without socket.io.
 */
export type LiveOrderEvent = { orderId: number | null }
type Listener = (event: LiveOrderEvent) => void

const listeners = new Set<Listener>()

/** Tells every screen listening that an order changed (or, with null, that any might have). */
export function announceOrderEvent(event: LiveOrderEvent) {
  for (const listener of [...listeners]) listener(event)
}

/** Listens to order events; the answer stops it. */
export function onOrderEvent(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * The order in a notification's link (`/order/12`, `/direct/order/12`): the server links every order notification
 * to its order's page (server/modules/notifications/notifier.ts).
 */
export function orderIdOfLink(link: string): number | null {
  const match = /^\/(?:direct\/)?order\/(\d{1,15})$/.exec(link)
  return match ? Number(match[1]) : null
}

/**
 * Calls `refresh` while the screen is mounted whenever an event concerns `orderId` (any order with 'any'), or the
 * socket (re)joined its room. The latest `refresh` is called, so a screen may pass a new closure every render.
 */
export function useOrderEvents(orderId: number | 'any', refresh: () => void) {
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  })
  useEffect(
    () =>
      onOrderEvent((event) => {
        if (orderId === 'any' || event.orderId === null || event.orderId === orderId) latest.current()
      }),
    [orderId],
  )
}
