// Firebase Cloud Messaging for the page, as one chunk of its own: fetched only when the server uses FCM
// (push-subscription.ts), and kept out of the service worker's precache (vite.config.ts).
export { getApps, initializeApp } from '@firebase/app'
export { deleteToken, getMessaging, getToken } from '@firebase/messaging'
