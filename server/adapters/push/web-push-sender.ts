import type { Agent } from 'node:https'
import webpush from 'web-push'
import { PushDestinationRefused, type PushServiceAgent } from './push-service-agent.ts'
import { retryAfterSeconds, type PushOptions, type PushResult, type PushSender } from './push-sender.ts'

export type VapidDetails = { subject: string; publicKey: string; privateKey: string }

type WebPushOptions = {
  vapid: VapidDetails
  /**
   * Every push goes through this agent, which reaches allowed push services at public addresses only (required, so
   * that no sender can go out without it; tests pass one that routes to their fake and trusts its certificate).
   */
  agent: PushServiceAgent
  timeoutMs?: number
}

const REQUEST_TIMEOUT_MS = 10_000

/** What a push service's answer means for the subscription (integrations.md §4.1). */
export function resultOfStatus(status: number, headers: Record<string, unknown> = {}): PushResult {
  const reason = String(status)
  if (status >= 200 && status < 300) return { outcome: 'sent' }
  // 403: the device subscribed with a VAPID key that is not ours any more; it never accepts ours again.
  if (status === 404 || status === 410 || status === 403) return { outcome: 'gone', reason }
  if (status === 429 || status >= 500) {
    const retryAfterS = retryAfterSeconds(headers['retry-after'])
    return { outcome: 'retry', reason, ...(retryAfterS !== undefined && { retryAfterS }) }
  }
  return { outcome: 'rejected', reason }
}

/** web-push's options for one push: TTL always explicit (its default keeps a push for four weeks). */
export function webPushRequestOptions(
  vapid: VapidDetails,
  options: PushOptions,
  transport: { agent?: Agent; timeoutMs?: number } = {},
): webpush.RequestOptions {
  return {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: options.ttlS,
    urgency: options.urgency,
    ...(options.topic && { topic: options.topic }),
    ...(transport.agent && { agent: transport.agent }),
    timeout: transport.timeoutMs ?? REQUEST_TIMEOUT_MS,
  }
}

/**
 * Standard Web Push (RFC 8030/8291/8292) with our VAPID key: it reaches Chrome (through FCM), Firefox, Edge and
 * Safari, iOS home-screen apps included, with one code path. The payload is encrypted with aes128gcm.
 */
export function createWebPushSender({ vapid, agent, timeoutMs }: WebPushOptions): PushSender {
  return {
    async send(target, payload, options) {
      if (!target.p256dh || !target.auth) return { outcome: 'gone', reason: 'no_keys' }
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          webPushRequestOptions(vapid, options, { agent, timeoutMs }),
        )
        return { outcome: 'sent' }
      } catch (error) {
        // NOTE: a WebPushError carries the endpoint and the service's body; only its status leaves this function.
        if (error instanceof webpush.WebPushError) return resultOfStatus(error.statusCode, error.headers)
        // Not a push service, or a name that leads into our network: nothing was sent. The device is kept (no push
        // service said it is gone) and not tried again (the answer would be the same).
        if (error instanceof PushDestinationRefused) return { outcome: 'rejected', reason: error.reason }
        const code = (error as { code?: unknown }).code
        if (typeof code === 'string' || (error as Error).message === 'Socket timeout')
          return { outcome: 'retry', reason: typeof code === 'string' ? code : 'timeout' }
        // Anything else failed before a request was made (keys that do not encrypt): it would fail again.
        return { outcome: 'rejected', reason: 'not_sendable' }
      }
    },
  }
}
