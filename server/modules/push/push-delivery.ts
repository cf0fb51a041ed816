// Delivering pushes: each device of a person in its own language, a few at a time across all people, a gone device
// deleted and a push that may work later tried again. Logs name the subscription and its push service only.
import type { FastifyBaseLogger } from 'fastify'
import type { PushPayload } from '#contract/schemas/notifications.ts'
import { topicOf, type PushOptions, type PushSender } from '#server/adapters/push/push-sender.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import { limitConcurrency } from '#server/lib/concurrency.ts'
import type { PushRepository, PushSubscriptionRow } from './repository.ts'

/** A push service keeps an undelivered push this long; after that the bell still has the notification. */
export const PUSH_TTL_S = 3600
/** Pushes in flight at once, across all users: a new order can go to thousands of specialists at a time. */
export const PUSH_CONCURRENCY = 32
/** Waits before trying a push again after 429, 5xx or a network error; one try per entry. */
export const RETRY_DELAYS_S = [10, 60]
/** A service that asks for a longer pause than this gets none: the message would be stale by then. */
export const RETRY_AFTER_MAX_S = 600

/** The push service's host says which one refused (FCM, Mozilla, Apple…) without the device's secret path. */
const serviceOf = (row: { provider: string; endpoint: string }) => {
  if (row.provider === 'fcm') return 'fcm'
  try {
    return new URL(row.endpoint).host
  } catch {
    return 'unknown'
  }
}

type Deliver = (
  row: PushSubscriptionRow,
  payload: PushPayload,
  options: PushOptions,
  attempt: number,
) => Promise<void>

function sendingToUser({
  repository,
  log,
  deliver,
}: {
  repository: PushRepository
  log: Pick<FastifyBaseLogger, 'error'>
  deliver: Deliver
}) {
  /**
   * One push to each device of the user, written in the device's language. Resolves when every device had its
   * first try; never rejects. Urgency is high unless said otherwise: what we push is what a person acts on now.
   */
  return async function sendToUser(
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
      await Promise.all(
        devices.map(async (row) => {
          try {
            const payload = payloadFor(row.locale)
            const sendOptions: PushOptions = {
              ttlS: options.ttlS ?? PUSH_TTL_S,
              urgency: options.urgency ?? 'high',
              topic: topicOf(payload.tag),
            }
            await deliver(row, payload, sendOptions, 0)
          } catch (error) {
            log.error({ err: error, subscription: row.id }, 'push failed')
          }
        }),
      )
    } catch (error) {
      log.error({ err: error }, 'push to a user failed')
    }
  }
}

export function createPushDelivery(deps: {
  repository: PushRepository
  sender: PushSender
  clock: Clock
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>
  retryDelaysS?: number[] | undefined
  concurrency?: number | undefined
}) {
  const { repository, sender, clock, log } = deps
  const retryDelaysS = deps.retryDelaysS ?? RETRY_DELAYS_S
  const limit = limitConcurrency(deps.concurrency ?? PUSH_CONCURRENCY)
  const pendingRetries = new Set<NodeJS.Timeout>()
  let closed = false

  async function deliver(
    row: PushSubscriptionRow,
    payload: PushPayload,
    options: PushOptions,
    attempt: number,
  ) {
    const result = await limit(() => sender.send(row, payload, options))
    const context = { subscription: row.id, service: serviceOf(row), attempt }
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
        return
      case 'retry': {
        const delayS = Math.max(retryDelaysS[attempt] ?? Infinity, result.retryAfterS ?? 0)
        if (closed || delayS > RETRY_AFTER_MAX_S) {
          log.warn({ ...context, reason: result.reason }, 'push not delivered, giving up')
          return
        }
        log.debug({ ...context, reason: result.reason, delayS }, 'push will be tried again')
        const timer = setTimeout(() => {
          pendingRetries.delete(timer)
          void retry(row, payload, options, attempt + 1)
        }, delayS * 1000)
        timer.unref()
        pendingRetries.add(timer)
      }
    }
  }

  async function retry(
    row: PushSubscriptionRow,
    payload: PushPayload,
    options: PushOptions,
    attempt: number,
  ) {
    try {
      // The device may have unsubscribed, moved to another person or been renewed in the meantime.
      const current = await repository.findByEndpoint(row.endpoint)
      if (!current || current.userId !== row.userId) return
      await deliver(current, payload, options, attempt)
    } catch (error) {
      log.error({ err: error, subscription: row.id }, 'push retry failed')
    }
  }

  const sendToUser = sendingToUser({ repository, log, deliver })

  return {
    sendToUser,

    /** Drops the tries still waiting (the app is closing). */
    close() {
      closed = true
      for (const timer of pendingRetries) clearTimeout(timer)
      pendingRetries.clear()
    },
  }
}
