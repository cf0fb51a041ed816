import { createHash } from 'node:crypto'
import type { PushPayload } from '#contract/schemas/notifications.ts'

/** One device to push to, as stored: a Web Push subscription, or an FCM registration token in `endpoint`. */
export type PushTarget = {
  provider: 'webpush' | 'fcm'
  endpoint: string
  p256dh: string | null
  auth: string | null
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high'

export type PushOptions = {
  /** How long the push service keeps the message for a device that is offline. */
  ttlS: number
  urgency: PushUrgency
  /** A newer message with the same topic replaces one still waiting (RFC 8030 §5.4); see topicOf. */
  topic?: string
}

/**
 * What became of one push. `reason` is a status code or an error code, for the log only (never a URL or text).
 * - `sent`: the push service took it.
 * - `gone`: this subscription will never work again (404/410, an unregistered or invalid FCM token, a 403 for a
 *   key the device no longer matches): delete it.
 * - `retry`: try later (429, 5xx, the network), after `retryAfterS` when the service said so.
 * - `rejected`: this message was refused (413 too large, 400/401 a problem of ours): log it, keep the device.
 */
export type PushResult =
  | { outcome: 'sent' }
  | { outcome: 'gone'; reason: string }
  | { outcome: 'retry'; reason: string; retryAfterS?: number }
  | { outcome: 'rejected'; reason: string }

/** Delivers one push to one device; never throws, every failure is a result. */
export type PushSender = {
  send: (target: PushTarget, payload: PushPayload, options: PushOptions) => Promise<PushResult>
}

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/

/**
 * A Web Push topic from a notification tag: at most 32 URL-safe base64 characters. A tag that is not one already
 * is hashed, so the same tag always gives the same topic and repeats still collapse.
 */
export function topicOf(tag: string): string {
  if (TOPIC.test(tag)) return tag
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32)
}

/** Retry-After in seconds, from either of its forms (delta-seconds or an HTTP date); undefined when unreadable. */
export function retryAfterSeconds(header: unknown, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const text = String(value).trim()
  if (/^\d+$/.test(text)) return Number(text)
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}

/** Sends each device through the sender of its provider; a provider that is not configured refuses. */
export function routeByProvider(senders: { webpush: PushSender; fcm?: PushSender }): PushSender {
  return {
    send(target, payload, options) {
      const sender = senders[target.provider]
      if (!sender)
        return Promise.resolve({ outcome: 'rejected', reason: `${target.provider}_not_configured` })
      return sender.send(target, payload, options)
    },
  }
}
