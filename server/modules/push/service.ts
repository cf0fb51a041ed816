import type { FastifyBaseLogger } from 'fastify'
import type { PushConfig, PushSubscriptionBody } from '#contract/schemas/notifications.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { PushSender } from '#server/adapters/push/push-sender.ts'
import { isAllowedPushEndpoint } from '#server/adapters/push/push-service-hosts.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Metrics } from '#server/lib/metrics.ts'
import type { PushDelivery } from '#server/modules/notifications/ports.ts'
import { createPushDelivery } from './push-delivery.ts'
import type { DeviceSubscription, PushRepository } from './repository.ts'

/** Phones, tablets, browsers: more than this per person is stale devices (or abuse); the oldest go. */
export const DEVICES_PER_USER_MAX = 10

export { PUSH_CONCURRENCY, PUSH_TTL_S, RETRY_AFTER_MAX_S, RETRY_DELAYS_S } from './push-delivery.ts'

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
  jobs: JobQueue
  metrics: Pick<Metrics, 'pushSends'>
  retryDelaysS?: number[] | undefined
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

/**
 * Browser push (docs/decisions/010-notifications.md): devices subscribe and unsubscribe, the service worker moves
 * a replaced subscription, and the notifier's pushes reach every device of a user in that device's language.
 * Each push is a durable job per device; gone devices are deleted; a push that may work later is tried again a few
 * times; the caller never sees a failure. Logs name the subscription's id and its push service, never its URL or the text.
 */
export function createPushService(deps: PushServiceDeps) {
  const { repository, clock } = deps
  const delivery = createPushDelivery(deps)

  return {
    sendToUser: delivery.sendToUser satisfies PushDelivery['sendToUser'],

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
  }
}
export type PushService = ReturnType<typeof createPushService>
