/// <reference lib="webworker" />
import * as v from 'valibot'
import { notificationEndpoints } from '#contract/notification-endpoints.ts'
import { PushConfigSchema, PushPayloadSchema, type PushPayload } from '#contract/schemas/notifications.ts'

export const DEFAULT_ICON = '/icons/icon-192.png'
/** Android draws the badge in the status bar from its alpha channel only: a white glyph on transparency. */
export const DEFAULT_BADGE = '/icons/badge-96.png'

/** `renotify` is in the Notifications standard and Chromium, not yet in TypeScript's DOM types. */
export type ShownNotification = {
  title: string
  options: NotificationOptions & { renotify: boolean; data: { url: string; id: number | null } }
}

/** What the worker posts to an open window of the app when its notification is clicked (src/lib/sw-messages.ts). */
export type NavigateMessage = { type: 'NAVIGATE'; to: string; id?: number }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** A push's data as JSON, or its text as the body when a sender wrote plain text. */
export function readPushData(data: { json(): unknown; text(): string } | null | undefined): unknown {
  if (!data) return null
  try {
    return data.json()
  } catch {
    return { body: data.text() }
  }
}

/**
 * Our push payload (contract PushPayloadSchema) from either shape that reaches the worker: ours as sent with
 * Web Push, or FCM's wrapper `{ data: { … }, from, fcmMessageId }`, whose data values are all strings. A payload
 * that fits neither still becomes a notification: the browser revokes push from a worker that shows none.
 */
export function parsePushPayload(raw: unknown): PushPayload {
  let fields: Record<string, unknown> = isObject(raw) ? raw : {}
  if (isObject(fields.data) && text(fields.title) === undefined) {
    const shown = isObject(fields.notification) ? fields.notification : {}
    fields = { ...shown, ...fields.data }
  }
  const id = typeof fields.id === 'string' && /^\d+$/.test(fields.id) ? Number(fields.id) : fields.id
  // FCM's data values are strings: "true" is a silent push.
  const silent = fields.silent === 'true' || fields.silent === true ? true : undefined
  const parsed = v.safeParse(PushPayloadSchema, { ...fields, id: id === '' ? undefined : id, silent })
  if (parsed.success) return parsed.output
  return {
    title: text(fields.title) || 'Fika',
    body: text(fields.body) ?? '',
    url: text(fields.url) ?? '/',
    tag: text(fields.tag) || 'fika',
    ...(typeof id === 'number' && Number.isInteger(id) && { id }),
  }
}

/** How a payload is shown: repeats about one order share a tag, replace each other and still ring. */
export function notificationFor(payload: PushPayload): ShownNotification {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: payload.icon ?? DEFAULT_ICON,
      badge: payload.badge ?? DEFAULT_BADGE,
      tag: payload.tag,
      // A quiet-hours push replaces its kind quietly; any other still rings.
      renotify: !payload.silent,
      silent: payload.silent === true,
      data: { url: payload.url, id: payload.id ?? null },
    },
  }
}

/**
 * The app path a clicked notification opens: a path of this origin, never another site (a payload is not
 * trusted to redirect anyone); anything else opens the home page.
 */
export function resolveTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/'
  try {
    const target = new URL(url, origin)
    if (target.origin !== origin) return '/'
    return `${target.pathname}${target.search}${target.hash}`
  } catch {
    return '/'
  }
}

const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}

/**
 * Opens `to` for a clicked notification: an open window of the app is focused and navigates itself without a
 * reload (and marks the notification read, having the session); with none, a new window opens on `to`.
 */
export async function openTarget(clients: Clients, origin: string, to: string, id?: number) {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) =>
    sameOrigin(client.url, origin),
  )
  const open =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0]
  const message: NavigateMessage = { type: 'NAVIGATE', to, ...(id !== undefined && { id }) }
  if (open) {
    // A browser may refuse focus (no user activation left): the window still navigates.
    const focused = await open.focus().catch(() => open)
    focused.postMessage(message)
    return
  }
  await clients.openWindow(new URL(to, origin).href)
}

const JSON_TYPE = 'application/json'

type Renewal = {
  oldSubscription: PushSubscription | null
  newSubscription: PushSubscription | null
  pushManager: PushManager
  origin: string
  fetch: typeof fetch
}

/** A VAPID public key in URL-safe base64 (as the server writes it) as bytes. Also in src/features/push. */
export function urlBase64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4)
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

async function serverKey(origin: string, fetcher: typeof fetch) {
  const response = await fetcher(new URL(notificationEndpoints.pushConfig.path, origin).href)
  const config = v.parse(PushConfigSchema, await response.json())
  // FCM tokens are renewed by the page's Firebase SDK (resyncPush); the worker handles plain Web Push only.
  return config.provider === 'webpush' ? urlBase64ToBytes(config.public_key) : null
}

/**
 * `pushsubscriptionchange`: the browser dropped or replaced the subscription. The worker subscribes again with the
 * old key (or the server's current one) and moves the server's row to the new endpoint. The worker has no access
 * token, so the old endpoint, known only to this device and the server, names the row. Without an old
 * subscription there is nothing to name it by: the page's resync on its next start does the work.
 */
export async function renewSubscription({
  oldSubscription,
  newSubscription,
  pushManager,
  origin,
  fetch,
}: Renewal) {
  if (!oldSubscription) return false
  let subscription = newSubscription
  if (!subscription) {
    const key = oldSubscription.options?.applicationServerKey ?? (await serverKey(origin, fetch))
    if (!key) return false
    subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  }
  const response = await fetch(new URL(notificationEndpoints.renewPush.path, origin).href, {
    method: notificationEndpoints.renewPush.method,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify({ old_endpoint: oldSubscription.endpoint, subscription: subscription.toJSON() }),
  })
  return response.ok
}

/** The worker's push events (sw.ts). */
export function registerPush(self: ServiceWorkerGlobalScope) {
  self.addEventListener('push', (event) => {
    const shown = notificationFor(parsePushPayload(readPushData(event.data)))
    event.waitUntil(self.registration.showNotification(shown.title, shown.options))
  })

  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data: unknown = event.notification.data
    const fields = isObject(data) ? data : {}
    const to = resolveTarget(fields.url, self.location.origin)
    const id = typeof fields.id === 'number' ? fields.id : undefined
    event.waitUntil(openTarget(self.clients, self.location.origin, to, id))
  })

  self.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(
      renewSubscription({
        oldSubscription: event.oldSubscription,
        newSubscription: event.newSubscription,
        pushManager: self.registration.pushManager,
        origin: self.location.origin,
        fetch: (input, init) => self.fetch(input, init),
      }).catch(() => false),
    )
  })
}
