import { refreshSession } from './refresh-session.ts'
import { useSession } from './session-store.ts'
import { createApiClient } from './api-client.ts'
import { currentLocale } from './locale.ts'
import { SESSION_ENDED_EVENT } from './session-events.ts'

export { SESSION_ENDED_EVENT }

/** The app's API client; the root layout listens for SESSION_ENDED_EVENT and goes home. */
export const api = createApiClient({
  getToken: () => useSession.getState().token,
  // Absolute, so the same client works in a page, a worker and a test's simulated page.
  baseUrl: globalThis.location?.origin,
  getLocale: currentLocale,
  refreshToken: refreshSession,
  onSessionEnded: () => {
    useSession.getState().clear()
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT))
  },
})
