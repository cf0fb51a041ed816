import type { FastifyBaseLogger } from 'fastify'
import type { PushConfig, PushPayload, PushSubscriptionBody } from '#contract/schemas/notifications.ts'
import { topicOf, type PushOptions, type PushSender } from '#server/adapters/push/push-sender.ts'
import { isAllowedPushEndpoint } from '#server/adapters/push/push-service-hosts.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { limitConcurrency } from '#server/lib/concurrency.ts'
import type { PushDelivery } from '#server/modules/notifications/ports.ts'
import type { DeviceSubscription, PushRepository, PushSubscriptionRow } from './repository.ts'

/** A push service keeps an undelivered push this long; after that the bell still has the notification. */
export const PUSH_TTL_S = 3600
/** Pushes in flight at once, across all users: a new order can go to thousands of specialists at a time. */
export const PUSH_CONCURRENCY = 32
/** Phones, tablets, browsers: more than this per person is stale devices (or abuse); the oldest go. */
export const DEVICES_PER_USER_MAX = 10
/** Waits before trying a push again after 429, 5xx or a network error; one try per entry. */
export const RETRY_DELAYS_S = [10, 60]
/** A service that asks for a longer pause than this gets none: the message would be stale by then. */
export const RETRY_AFTER_MAX_S = 600

type WebPushSubscriptionBody = Extract<PushSubscriptionBody, { endpoint: string }>

type PushServiceDeps = {
  repository: PushRepository
  sender: PushSender
  clock: Clock
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'debug'>
  /** The VAPID public key browsers subscribe with. */
  publicKey: string
  /** PUSH_SERVICE_HOSTS: a Web Push endpoint on any other host is refused. */
  allowedHosts: readonly string[]
  /** The Firebase web config when FCM is used; FCM tokens are accepted only then. */
  firebase?: Extract<PushConfig, { provider: 'fcm' }>['firebase']
  retryDelaysS?: number[]
  concurrency?: number
}

const invalid = (field: string) => fieldError(field, 'push_subscription_invalid')

/** Keys the browser made: a P-256 point (65 bytes, uncompressed) and a 16-byte auth secret (RFC 8291). */
function assertEncryptable(keys: { p256dh: string; auth: string }, field = 'keys') {
  const p256dh = Buffer.from(keys.p256dh, 'base64url')
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) throw invalid(`${field}.p256dh`)
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw invalid(`${field}.auth`)
}

const webPushDevice = (body: WebPushSubscriptionBody): DeviceSubscription => ({
  provider: 'webpush',
  endpoint: body.endpoint,
  p256dh: body.keys.p256dh,
  auth: body.keys.auth,
})

/** Only a push service's endpoint is kept: we POST to it, and we must not POST into our own network for anyone. */
function assertPushService(endpoint: string, allowedHosts: readonly string[], field = 'endpoint') {
  if (!isAllowedPushEndpoint(endpoint, allowedHosts)) throw fieldError(field, 'push_endpoint_invalid')
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

/**
 * Browser push (docs/decisions/010-notifications.md): devices subscribe and unsubscribe, the service worker moves
 * a replaced subscription, and the notifier's pushes reach every device of a user in that device's language.
 * Gone devices are deleted; a push that may work later is tried again a few times; the caller never sees a
 * failure. Logs name the subscription's id and its push service, never its URL or the text.
 */
export function createPushService(deps: PushServiceDeps) {
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

  /**
   * One push to each device of the user, written in the device's language. Resolves when every device had its
   * first try; never rejects. Urgency is high unless said otherwise: what we push is what a person acts on now.
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

  return {
    sendToUser: sendToUser satisfies PushDelivery['sendToUser'],

    /** How browsers subscribe here: our VAPID key, and Firebase's web config when FCM is used. */
    config(): PushConfig {
      return deps.firebase
        ? { provider: 'fcm', public_key: deps.publicKey, firebase: deps.firebase }
        : { provider: 'webpush', public_key: deps.publicKey }
    },

    /** Keeps the caller's device; a device someone else subscribed on before is theirs no longer. */
    async subscribe(caller: UserRow, body: PushSubscriptionBody, locale: Locale): Promise<{ ok: true }> {
      let device: DeviceSubscription
      if ('fcm_token' in body) {
        if (!deps.firebase) throw invalid('fcm_token')
        device = { provider: 'fcm', endpoint: body.fcm_token, p256dh: null, auth: null }
      } else {
        assertPushService(body.endpoint, deps.allowedHosts)
        assertEncryptable(body.keys)
        device = webPushDevice(body)
      }
      await repository.upsert(caller.id, device, locale, clock.now())
      await repository.keepNewest(caller.id, DEVICES_PER_USER_MAX)
      return { ok: true }
    },

    /**
     * The service worker's renewal: the subscription it replaced moves to the new one. The old endpoint, known
     * only to that device and to us, is what proves the device's right to it.
     */
    async renew(oldEndpoint: string, subscription: WebPushSubscriptionBody): Promise<{ ok: true }> {
      assertPushService(subscription.endpoint, deps.allowedHosts, 'subscription.endpoint')
      assertEncryptable(subscription.keys, 'subscription.keys')
      const moved = await repository.move(oldEndpoint, webPushDevice(subscription), clock.now())
      if (!moved) throw new AppError('not_found', 'not_found')
      return { ok: true }
    },

    /** Forgets one of the caller's devices; someone else's endpoint is left alone, and the answer is the same. */
    async unsubscribe(caller: UserRow, endpoint: string): Promise<{ ok: true }> {
      await repository.deleteOwn(caller.id, endpoint)
      return { ok: true }
    },

    /** Drops the tries still waiting (the app is closing). */
    close() {
      closed = true
      for (const timer of pendingRetries) clearTimeout(timer)
      pendingRetries.clear()
    },
  }
}
export type PushService = ReturnType<typeof createPushService>
