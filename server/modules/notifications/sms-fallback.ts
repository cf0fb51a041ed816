import { SMS_FALLBACK_KINDS, type NotificationKind } from '#contract/schemas/notifications.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import type { DomainEvent } from '#server/lib/domain-events.ts'
import type { Metrics } from '#server/lib/metrics.ts'
import type { NotificationsRepository } from './repository.ts'
import { smsFallbackText } from './texts.ts'

export type SmsFallbackConfig = {
  /** The site's address, for the SMS's absolute link (no trailing slash). */
  publicUrl: string
  /** How long a notification stays unread before it becomes an SMS. */
  afterMinutes: number
  /** Fallback SMS one person may get in 24 hours. */
  perDay: number
  /** A claim older than this whose SMS was never recorded belongs to a process that died mid-send. */
  leaseS: number
}

/** The scheduled run: once a minute, on one process of all; and once at start, for what came due while down. */
export const SMS_FALLBACK_JOB = 'sms.fallback'
/** Notifications one run takes at most; the next run goes on with the rest. */
const RUN_MAX = 500
const DAY_S = 24 * 3600

type FallbackKind = (typeof SMS_FALLBACK_KINDS)[number]
const isFallbackKind = (kind: NotificationKind): kind is FallbackKind =>
  (SMS_FALLBACK_KINDS as readonly string[]).includes(kind)

type Deps = {
  repo: NotificationsRepository
  sender: SmsSender
  clock: Clock
  config: SmsFallbackConfig
  metrics: Pick<Metrics, 'smsSends'>
  log: { warn: (object: object, message: string) => void }
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
 * one short SMS in the person's language, unless they turned the fallback off, already got `perDay` in 24 hours, or
 * the order has moved on since. Each SMS is claimed, sent, then recorded (docs/decisions/025-durable-jobs.md):
 * processes racing take different notifications, and one killed mid-send leaves a claim that is never sent again.
 */
export function createSmsFallback({ repo, sender, clock, config, metrics, log, onError }: Deps) {
  return async function runSmsFallback() {
    const totals = { sent: 0, skipped: 0, failed: 0 }
    const stale = await repo.settleStaleSmsClaims(addSeconds(clock.now(), -config.leaseS))
    if (stale > 0) {
      metrics.smsSends.inc({ purpose: 'fallback', outcome: 'unknown' }, stale)
      log.warn(
        { count: stale },
        'fallback SMS in flight when their process died: counted as sent, not sent again',
      )
    }
    for (let taken = 0; taken < RUN_MAX; taken++) {
      const now = clock.now()
      const claim = await repo.claimNextDueSms(addSeconds(now, -config.afterMinutes * 60), {
        since: addSeconds(now, -DAY_S),
        perDay: config.perDay,
        now,
      })
      if (!claim) break
      const { notification, contact } = claim
      if (!contact || !isFallbackKind(notification.kind)) {
        totals.skipped++
        metrics.smsSends.inc({ purpose: 'fallback', outcome: 'skipped' })
        continue
      }
      const text = smsFallbackText(
        notification.kind,
        { number: String(notification.params.number ?? ''), link: `${config.publicUrl}${notification.link}` },
        contact.locale,
      )
      try {
        await sender.send({ phone: contact.phone, text })
        await repo.markSmsSent(notification.id, now)
        totals.sent++
        metrics.smsSends.inc({ purpose: 'fallback', outcome: 'sent' })
      } catch (error) {
        await repo.releaseSms(notification.id)
        onError(error)
        totals.failed++
        metrics.smsSends.inc({ purpose: 'fallback', outcome: 'failed' })
        // A provider that is down would fail the rest too: the next run tries them again.
        break
      }
    }
    return totals
  }
}

/** The run as a scheduled job: every minute, one process at a time, and once at start. */
export function scheduleSmsFallback(jobs: JobQueue, run: () => Promise<unknown>) {
  jobs.define(
    SMS_FALLBACK_JOB,
    {
      retryLimit: 3,
      retryDelayS: 10,
      expireInS: 300,
      pollS: 5,
      policy: 'oneAtATime',
      cron: '* * * * *',
      runOnStart: true,
    },
    async () => {
      await run()
    },
  )
}
