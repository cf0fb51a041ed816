import type { PushConfig } from '#contract/schemas/notifications.ts'
import { pushApi } from './push-api.ts'
import { pushDevice, type PushDevice } from './push-device.ts'

type FcmConfig = Extract<PushConfig, { provider: 'fcm' }>

/** A VAPID public key as the server writes it (URL-safe base64, no padding) in the bytes `subscribe()` takes. */
export function urlBase64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, index) => byte === b[index])
}

/** The browser's subscription made with `publicKey`; one made with another key is dropped first. */
async function webPushSubscription(registration: ServiceWorkerRegistration, publicKey: string) {
  const key = urlBase64ToBytes(publicKey)
  const current = await registration.pushManager.getSubscription()
  if (current && sameBytes(current.options.applicationServerKey, key)) return current
  // The server's key changed (or another provider made it): pushes signed with the new key would be refused.
  if (current) {
    await pushApi.unsubscribe(current.endpoint).catch(() => undefined)
    await current.unsubscribe()
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

// NOTE: Firebase (~30 KB gzip) is fetched only here, when the server is configured for FCM and the person turns
// push on or already has it: never with the first screen.
async function firebaseMessaging(config: FcmConfig) {
  const firebase = await import('./firebase.ts')
  const app = firebase.getApps()[0] ?? firebase.initializeApp(config.firebase)
  return { ...firebase, messaging: firebase.getMessaging(app) }
}

async function fcmToken(config: FcmConfig, registration: ServiceWorkerRegistration) {
  const { messaging, getToken } = await firebaseMessaging(config)
  // Our own worker receives the pushes: no firebase-messaging-sw.js (service-worker/push.ts reads FCM's shape).
  return getToken(messaging, { vapidKey: config.public_key, serviceWorkerRegistration: registration })
}

/**
 * The service worker that receives the pushes, once active. `ready` alone never settles where no worker was
 * registered (the dev server, a browser that refused it), and the button would wait forever.
 */
async function workerRegistration() {
  if (!(await navigator.serviceWorker.getRegistration())) throw new Error('No service worker to push to')
  return navigator.serviceWorker.ready
}

/** Subscribes this device with the server's current provider and key, and tells the server (an upsert). */
async function syncSubscription() {
  const config = await pushApi.config()
  const registration = await workerRegistration()
  let device: PushDevice
  if (config.provider === 'webpush') {
    const subscription = await webPushSubscription(registration, config.public_key)
    await pushApi.subscribe(subscription.toJSON() as Parameters<typeof pushApi.subscribe>[0])
    device = { provider: 'webpush', id: subscription.endpoint, key: config.public_key }
  } else {
    const token = await fcmToken(config, registration)
    await pushApi.subscribe({ fcm_token: token })
    device = { provider: 'fcm', id: token, key: config.public_key }
  }
  const before = pushDevice.get()
  if (before && before.id !== device.id) await pushApi.unsubscribe(before.id).catch(() => undefined)
  pushDevice.save(device)
}

/** Turns push on for this device; call it after the person allowed notifications (a click, never on load). */
export async function enablePush() {
  await syncSubscription()
}

/**
 * After the first load of a logged-in person whose browser allows notifications: the server gets the current
 * subscription again (an upsert), and a missing one, or one made with a key the server no longer uses, is
 * replaced. Nothing happens where the person turned push off on this device.
 */
export async function resyncPush() {
  if (!('Notification' in window) || Notification.permission !== 'granted' || pushDevice.isOff()) return
  if (!('serviceWorker' in navigator)) return
  await syncSubscription()
}

/** "Turn off on this device": the server forgets the device, then the browser drops the subscription. */
export async function disablePush() {
  const device = pushDevice.get()
  const registration = await workerRegistration()
  if (device?.provider === 'fcm') {
    await pushApi.unsubscribe(device.id)
    const config = await pushApi.config()
    if (config.provider === 'fcm') {
      const { messaging, deleteToken } = await firebaseMessaging(config)
      await deleteToken(messaging).catch(() => undefined)
    }
  } else {
    const subscription = await registration.pushManager.getSubscription()
    const endpoint = subscription?.endpoint ?? device?.id
    if (endpoint) await pushApi.unsubscribe(endpoint)
    await subscription?.unsubscribe()
  }
  pushDevice.turnOff()
}

/**
 * Logging out: the server stops pushing this person's notifications to this device. The browser keeps its
 * subscription, so whoever logs in next on it is subscribed again by resyncPush without a new permission prompt.
 */
export async function forgetPushOnLogout() {
  const device = pushDevice.get()
  if (device) await pushApi.unsubscribe(device.id).catch(() => undefined)
}

/** Whether the server currently pushes to this device (as far as this device knows). */
export async function isPushOn() {
  if (Notification.permission !== 'granted' || pushDevice.isOff()) return false
  const device = pushDevice.get()
  if (!device) return false
  if (device.provider === 'fcm') return true
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) != null
}
