/** What this device gave the server to push to: a Web Push endpoint or an FCM token, and the key it was made with. */
export type PushDevice = { provider: 'webpush' | 'fcm'; id: string; key: string }

const DEVICE_KEY = 'fika.push.device'
const OFF_KEY = 'fika.push.off'

/**
 * This device's push subscription as the server knows it, kept in localStorage: logging out can forget it on the
 * server without loading Firebase (an FCM token cannot be read back otherwise), and a person who turned push off
 * here is not subscribed again by the next start just because the browser still allows notifications.
 */
export const pushDevice = {
  get(): PushDevice | null {
    try {
      const raw = localStorage.getItem(DEVICE_KEY)
      return raw ? (JSON.parse(raw) as PushDevice) : null
    } catch {
      return null
    }
  },
  save(device: PushDevice) {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(device))
    localStorage.removeItem(OFF_KEY)
  },
  /** The person turned push off on this device. */
  turnOff() {
    localStorage.removeItem(DEVICE_KEY)
    localStorage.setItem(OFF_KEY, '1')
  },
  isOff: () => localStorage.getItem(OFF_KEY) === '1',
}
