import { SMS_FALLBACK_KINDS, type NotificationKind } from '#contract/schemas/notifications.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import type { DomainEvent } from '#server/lib/domain-events.ts'
import type { NotificationsRepository } from './repository.ts'
import { DEFAULT_SMS_FALLBACK } from './settings.ts'
import { smsFallbackText } from './texts.ts'

export type SmsFallbackConfig = {
  /** The site's address, for the SMS's absolute link (no trailing slash). */
  publicUrl: string
  /** How long a notification stays unread before it becomes an SMS. */
  afterMinutes: number
  /** Fallback SMS one person may get in 24 hours. */
  perDay: number
}

/** Due notifications taken per query: a run goes on while whole batches come back. */
const BATCH = 100
const DAY_S = 24 * 3600

type FallbackKind = (typeof SMS_FALLBACK_KINDS)[number]
const isFallbackKind = (kind: NotificationKind): kind is FallbackKind =>
  (SMS_FALLBACK_KINDS as readonly string[]).includes(kind)

type Deps = {
  repo: NotificationsRepository
  sender: SmsSender
  clock: Clock
  config: SmsFallbackConfig
  /** A send that failed; the log gets the error only, never the phone or the text. */
  onError: (error: unknown) => void
}

/**
 * Listens to the orders' events: a step of an order (accepted, declined, cancelled, completed, a specialist chosen
 * in another's place) answers what was waiting for the SMS fallback about it, which then sends none of it.
 */
export function settleAnsweredSms(repo: Pick<NotificationsRepository, 'settleOutdatedSms'>) {
  return async (event: DomainEvent) => {
    if (event.type === 'order.changed') await repo.settleOutdatedSms(event.order.id)
  }
}

/**
 * The SMS fallback: a "you were chosen" or "your order was cancelled" still unread after `afterMinutes` becomes
 * one short SMS in the person's language, unless they turned the fallback off, already got `perDay` today, or the
 * order has moved on since (the specialist accepted, the order is no longer cancelled: repository.stillCurrent).
 * Several processes may run it at once: each notification is taken by one of them (repository.claimDueSms).
 */
export function createSmsFallback({ repo, sender, clock, config, onError }: Deps) {
  return async function runSmsFallback() {
    const totals = { sent: 0, skipped: 0, failed: 0 }
    for (;;) {
      const now = clock.now()
      const claimed = await repo.claimDueSms(addSeconds(now, -config.afterMinutes * 60), BATCH)
      if (claimed.length === 0) break
      const userIds = [...new Set(claimed.map((row) => row.userId))]
      const contacts = new Map(
        (await repo.smsContacts(userIds, addSeconds(now, -DAY_S))).map((contact) => [
          contact.userId,
          contact,
        ]),
      )
      let failedNow = 0
      // One by one in the order they were made, so the daily limit keeps the earliest.
      for (const row of claimed) {
        const contact = contacts.get(row.userId)
        // A claimed row already reads `skipped`: leaving it so is the skip.
        if (
          !contact ||
          contact.deleted ||
          !(contact.smsFallback ?? DEFAULT_SMS_FALLBACK) ||
          contact.sentToday >= config.perDay ||
          !isFallbackKind(row.kind)
        ) {
          totals.skipped++
          continue
        }
        // Asked again right before sending: the order may have moved on by a way that settled nothing (the customer
        // deleted it, a fix by hand), or while the SMS before it in this batch were being sent.
        if (!(await repo.stillCurrent(row.id))) {
          totals.skipped++
          continue
        }
        const text = smsFallbackText(
          row.kind,
          { number: String(row.params.number ?? ''), link: `${config.publicUrl}${row.link}` },
          contact.locale,
        )
        try {
          await sender.send({ phone: contact.phone, text })
          await repo.markSmsSent(row.id, now)
          contact.sentToday++
          totals.sent++
        } catch (error) {
          await repo.releaseSms(row.id)
          onError(error)
          totals.failed++
          failedNow++
        }
      }
      // A provider that is down would hand the same rows back at once: the next run tries them again.
      if (claimed.length < BATCH || failedNow > 0) break
    }
    return totals
  }
}
