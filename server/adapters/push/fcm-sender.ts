import type { Message, Messaging } from 'firebase-admin/messaging'
import type { PushPayload } from '#contract/schemas/notifications.ts'
import type { FcmSettings } from '#server/config.ts'
import { retryAfterSeconds, type PushOptions, type PushResult, type PushSender } from './push-sender.ts'

/** The part of firebase-admin's Messaging we use; tests pass a fake, since its host cannot be pointed elsewhere. */
export type FcmMessaging = Pick<Messaging, 'send'>

// Our own named app, so that nothing else in the process that initialises the default Firebase app collides.
const FIREBASE_APP_NAME = 'fika-push'

const TOKEN_GONE = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
])
const TRY_LATER = new Set([
  'messaging/server-unavailable',
  'messaging/internal-error',
  'messaging/unknown-error',
  'messaging/message-rate-exceeded',
  'messaging/device-message-rate-exceeded',
  'app/network-error',
  'app/network-timeout',
])

type FirebaseError = {
  code?: unknown
  message?: unknown
  httpResponse?: { headers?: Record<string, unknown> }
}

/** What an FCM error means for the token (integrations.md §4.3). */
export function resultOfFcmError(error: unknown): PushResult {
  const { code, message, httpResponse } = (error ?? {}) as FirebaseError
  const reason = typeof code === 'string' ? code : 'fcm_error'
  if (TOKEN_GONE.has(reason)) return { outcome: 'gone', reason }
  // FCM answers a malformed token with a plain invalid-argument; only the message tells it from our own mistake.
  if (reason === 'messaging/invalid-argument' && /registration token/i.test(String(message)))
    return { outcome: 'gone', reason }
  if (TRY_LATER.has(reason)) {
    const retryAfterS = retryAfterSeconds(httpResponse?.headers?.['retry-after'])
    return { outcome: 'retry', reason, ...(retryAfterS !== undefined && { retryAfterS }) }
  }
  return { outcome: 'rejected', reason }
}

/**
 * A data-only message: the service worker draws every push itself, FCM's or Web Push's alike. A message with a
 * `notification` part would be shown by the Firebase SDK as well, twice (firebase-js-sdk#6670).
 */
export function fcmMessage(token: string, payload: PushPayload, options: PushOptions): Message {
  const data = Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  )
  return {
    token,
    data,
    webpush: {
      headers: {
        TTL: String(options.ttlS),
        Urgency: options.urgency,
        ...(options.topic && { Topic: options.topic }),
      },
    },
  }
}

/** Firebase Cloud Messaging (HTTP v1 through firebase-admin); `endpoint` holds the device's registration token. */
export function createFcmSender({ messaging }: { messaging: FcmMessaging }): PushSender {
  return {
    async send(target, payload, options) {
      try {
        await messaging.send(fcmMessage(target.endpoint, payload, options))
        return { outcome: 'sent' }
      } catch (error) {
        return resultOfFcmError(error)
      }
    },
  }
}

/**
 * firebase-admin's Messaging, loaded and initialised on the first send: the SDK is large and is never loaded by a
 * server that does not use FCM, nor by one that has not pushed anything yet.
 */
export function lazyFirebaseMessaging(serviceAccount: FcmSettings['serviceAccount']): FcmMessaging {
  let loaded: Promise<FcmMessaging> | undefined
  const load = async () => {
    const { cert, getApps, initializeApp } = await import('firebase-admin/app')
    const { getMessaging } = await import('firebase-admin/messaging')
    const app =
      getApps().find((existing) => existing.name === FIREBASE_APP_NAME) ??
      initializeApp(
        { credential: cert(serviceAccount), projectId: serviceAccount.projectId },
        FIREBASE_APP_NAME,
      )
    return getMessaging(app)
  }
  return {
    async send(message, dryRun) {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined
        throw error
      })
      return (await loaded).send(message, dryRun)
    },
  }
}
