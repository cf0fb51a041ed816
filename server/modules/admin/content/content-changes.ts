import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'

/** The Redis channel on which a process tells the others that a moderator changed the content. */
export const CONTENT_CHANGED_CHANNEL = 'content-changed'

type ContentChanged = { type: 'content.changed' }

/**
 * Tells every process that the content changed, so each forgets the public pages it keeps (server/lib/page-cache.ts)
 * and the next visitor gets the new text without a restart. With a broadcast (REDIS_URL) the message reaches this
 * process too, and the save answers only once every process has heard it; without one, only this process keeps
 * pages. A process that may have missed a message (a reconnect) forgets its pages as well.
 */
export function createContentChanges(events: DomainEvents, broadcast: Broadcast<ContentChanged> | undefined) {
  broadcast?.listen(() => events.publish({ type: 'content.changed' }))
  return {
    async announce() {
      if (broadcast) await broadcast.publish({ type: 'content.changed' })
      // NOTE: the page caches forget in a listener that runs on a microtask of the process that hears the event,
      // so before that process reads its next request.
      else events.publish({ type: 'content.changed' })
    },
  }
}
export type ContentChanges = ReturnType<typeof createContentChanges>
