// Delivering pushes: each device of a person in its own language, one durable job per device
// (docs/decisions/025-durable-jobs.md), a gone device deleted and a push that may work later tried again after the
// wait the push service asked for. Logs name the subscription and its push service only.
import type { FastifyBaseLogger } from 'fastify'
import type { PushPayload } from '#contract/schemas/notifications.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { topicOf, type PushOptions, type PushSender } from '#server/adapters/push/push-sender.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Metrics } from '#server/lib/metrics.ts'
import type { PushRepository, PushSubscriptionRow } from './repository.ts'

/** A push service keeps an undelivered push this long; after that the bell still has the notification. */
export const PUSH_TTL_S = 3600
/** Pushes in flight at once on one process, across all users: a new order can go to thousands at a time. */
export const PUSH_CONCURRENCY = 16
/** Waits before trying a push again after 429, 5xx or a network error; one try per entry. */
export const RETRY_DELAYS_S = [10, 60]
/** A service that asks for a longer pause than this gets none: the message would be stale by then. */
export const RETRY_AFTER_MAX_S = 600

export const PUSH_SEND_JOB = 'push.send'

/** One push to one device: the device is found again by its endpoint when the job runs. */
type PushSend = {
  endpoint: string
  userId: number
  payload: PushPayload
  options: PushOptions
  /** Tries made before this one. */
  attempt: number
}

/** The push service's host says which one refused (FCM, Mozilla, Apple…) without the device's secret path. */
const serviceOf = (row: { provider: string; endpoint: string }) => {
  if (row.provider === 'fcm') return 'fcm'
  try {
    return new URL(row.endpoint).host
  } catch {
    return 'unknown'
  }
}

type DeliveryDeps = {
  repository: PushRepository
  sender: PushSender
  clock: Clock
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>
  jobs: JobQueue
  metrics: Pick<Metrics, 'pushSends'>
  retryDelaysS?: number[] | undefined
  concurrency?: number | undefined
}

export function createPushDelivery(deps: DeliveryDeps) {
  const { repository, sender, clock, log, jobs, metrics } = deps
  const retryDelaysS = deps.retryDelaysS ?? RETRY_DELAYS_S

  /** One try; a push the service may take later becomes a new job due after the wait, until the tries run out. */
  async function deliver(row: PushSubscriptionRow, job: PushSend) {
    const result = await sender.send(row, job.payload, job.options)
    metrics.pushSends.inc({ outcome: result.outcome })
    const context = { subscription: row.id, service: serviceOf(row), attempt: job.attempt }
    switch (result.outcome) {
      case 'sent':
        await repository.markSent(row.endpoint, clock.now())
        return
      case 'gone':
        log.debug({ ...context, reason: result.reason }, 'push subscription gone, deleted')
        await repository.deleteGone(row.endpoint)
        return
      case 'rejected':
        log.warn({ ...context, reason: result.reason }, 'push refused, message dropped')
        await repository.markFailing(row.endpoint, clock.now())
        return
      case 'retry': {
        const delayS = Math.max(retryDelaysS[job.attempt] ?? Infinity, result.retryAfterS ?? 0)
        if (delayS > RETRY_AFTER_MAX_S) {
          log.warn({ ...context, reason: result.reason }, 'push not delivered, giving up')
          await repository.markFailing(row.endpoint, clock.now())
          await jobs.bury(PUSH_SEND_JOB, { subscription: row.id, attempt: job.attempt }, result.reason)
          return
        }
        log.debug({ ...context, reason: result.reason, delayS }, 'push will be tried again')
        await jobs.send<PushSend>(
          PUSH_SEND_JOB,
          { ...job, attempt: job.attempt + 1 },
          { startAfterS: delayS },
        )
      }
    }
  }

  jobs.define<PushSend>(
    PUSH_SEND_JOB,
    // The retries here are for our side failing (the database away); the push service's refusals are above.
    {
      retryLimit: 2,
      retryDelayS: 5,
      expireInS: 60,
      pollS: 1,
      concurrency: deps.concurrency ?? PUSH_CONCURRENCY,
    },
    async (job) => {
      // The device may have unsubscribed, moved to another person or been renewed since the push was made.
      const current = await repository.findByEndpoint(job.endpoint)
      if (!current || current.userId !== job.userId) return
      await deliver(current, job)
    },
  )

  /**
   * One push to each device of the user, written in the device's language, stored as a job per device: resolves
   * once they are stored, and they are sent by whichever process is up. Urgency is high unless said otherwise:
   * what we push is what a person acts on now.
   */
  async function sendToUser(
    userId: number,
    render: (locale: Locale) => PushPayload,
    options: Partial<Omit<PushOptions, 'topic'>> = {},
  ): Promise<void> {
    try {
      const devices = await repository.listByUser(userId)
      const payloads = new Map<Locale, PushPayload>()
      const payloadFor = (locale: Locale) => {
        const made = payloads.get(locale) ?? render(locale)
        payloads.set(locale, made)
        return made
      }
      await jobs.sendMany<PushSend>(
        PUSH_SEND_JOB,
        devices.map((row) => {
          const payload = payloadFor(row.locale)
          return {
            endpoint: row.endpoint,
            userId,
            payload,
            options: {
              ttlS: options.ttlS ?? PUSH_TTL_S,
              urgency: options.urgency ?? 'high',
              topic: topicOf(payload.tag),
            },
            attempt: 0,
          }
        }),
      )
    } catch (error) {
      log.error({ err: error }, 'push to a user failed')
    }
  }

  return { sendToUser }
}
