import { useEffect, useRef } from 'react'
import type { ProgressEntry } from '#contract/schemas/progress.ts'

/**
 * The socket's `order_progress` (an accepted specialist's steps of the day, docs/decisions/031-workday.md), for an
 * open order page. Kept apart from src/lib/live-orders.ts: a step changes nothing the order lists show, so they do
 * not read again for it. Like that module it imports nothing of the socket, so the order page stays light.
 */
export type ProgressEvent = { orderId: number; progress: ProgressEntry[] }
type Listener = (event: ProgressEvent) => void

const listeners = new Set<Listener>()

/** Hands a step list the socket brought to the screens showing its order. */
export function announceProgress(event: ProgressEvent) {
  for (const listener of [...listeners]) listener(event)
}

/** Calls `onProgress` with each new step list of `orderId` while the screen is mounted (the latest closure). */
export function useProgressEvents(orderId: number, onProgress: (progress: ProgressEntry[]) => void) {
  const latest = useRef(onProgress)
  useEffect(() => {
    latest.current = onProgress
  })
  useEffect(() => {
    const listener: Listener = (event) => {
      if (event.orderId === orderId) latest.current(event.progress)
    }
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }, [orderId])
}

/**
 * The newer of two step lists of one order. Steps are only ever added (never removed or changed), so the longer
 * list is the later one, whichever arrived last: a slow refetch cannot undo what the socket already showed.
 */
export function newerProgress(
  a: ProgressEntry[] | undefined,
  b: ProgressEntry[] | undefined,
): ProgressEntry[] | undefined {
  if (!a) return b
  if (!b) return a
  return b.length > a.length ? b : a
}
