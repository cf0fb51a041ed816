import type { ReportReason } from '#contract/schemas/chats.ts'
import type { ProgressEntry, ProgressStep } from '#contract/schemas/progress.ts'
import type { OrderRow } from '#server/db/rows/orders.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'

/**
 * What happened in the product, told by the module that did it after its write succeeded. Listeners (the
 * notifier) react; a failing listener is logged and never undoes or fails the action that raised the event.
 */
export type DomainEvent =
  | { type: 'order.published'; order: OrderRow }
  | { type: 'order.replied'; order: OrderRow; executorId: number }
  | {
      type: 'order.changed'
      action: 'choose' | 'accept' | 'decline' | 'cancel' | 'complete'
      /** The order after the change. */
      order: OrderRow
      /** The executor chosen before the change (a decline or a cancel clears or keeps it). */
      executorId: number | null
      actorId: number
    }
  | { type: 'order.reviewed'; order: OrderRow; executorId: number; rating: number }
  /**
   * The accepted specialist tapped a step of the day (docs/decisions/031-workday.md); `progress` is the order's
   * whole list after it, for the customer's open order page.
   */
  | {
      type: 'order.progress'
      order: OrderRow
      executorId: number
      step: ProgressStep
      tappedAt: Date
      etaMinutes: number | null
      progress: ProgressEntry[]
    }
  /** A job reminder is due for the order's accepted specialist (server/modules/workday). */
  | { type: 'job.reminder'; order: OrderRow; executorId: number; when: 'evening_before' | 'hour_before' }
  /** A chat message stayed unread for a while (server/modules/chats). */
  | { type: 'chat.unread'; chatId: number; recipientId: number; senderId: number }
  /** A moderator decided on a specialist's identity documents (server/modules/verification). */
  | { type: 'verification.decided'; userId: number; moderatorId: number; approved: boolean }
  /** A moderator warned a person about what they wrote or posted (server/modules/reports, decision 029). */
  | { type: 'user.warned'; userId: number; moderatorId: number; reason: ReportReason; text: string }
  /**
   * A moderator decided on a proposed service (server/modules/moderation): it joined the catalogue, or was merged
   * into the service `name` names, or was rejected for `reason`. The catalogue changed unless it was rejected.
   */
  | {
      type: 'service.decided'
      outcome: 'approved' | 'merged' | 'rejected'
      proposerId: number | null
      moderatorId: number
      /** The catalogue's service it became, or the proposed name when rejected. */
      name: Localized
      /** The service's page in the app, or the catalogue's when rejected. */
      link: string
      reason: string | null
    }
  /** A moderator hid or showed again a review of this specialist, whose rating was counted again. */
  | { type: 'review.moderated'; reviewId: number; executorId: number; executorSlug: string; hidden: boolean }
  /** A moderator changed a page's text, a blog post or the marquee (server/modules/admin/content), in any process. */
  | { type: 'content.changed' }

export type DomainEventListener = (event: DomainEvent) => void | Promise<void>

export type DomainEvents = {
  publish: (event: DomainEvent) => void
  subscribe: (listener: DomainEventListener) => () => void
  /** Resolves once every listener started so far has finished (tests and shutdown). */
  settled: () => Promise<void>
}

/** In-process and after the fact: the caller's answer never waits for notifications to be delivered. */
export function createDomainEvents(onError: (error: unknown, event: DomainEvent) => void): DomainEvents {
  const listeners = new Set<DomainEventListener>()
  const running = new Set<Promise<void>>()
  return {
    publish(event) {
      for (const listener of listeners) {
        const run = Promise.resolve()
          .then(() => listener(event))
          .catch((error: unknown) => onError(error, event))
          .finally(() => running.delete(run))
        running.add(run)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running])
    },
  }
}
