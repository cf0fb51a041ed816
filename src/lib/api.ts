import { useSession } from './session-store.ts'
import { createApiClient } from './api-client.ts'
import { currentLocale } from './locale.ts'
import { serverRender } from './server-render.ts'
import { SESSION_ENDED_EVENT } from './session-events.ts'

export { SESSION_ENDED_EVENT }

/** The app's API client; the root layout listens for SESSION_ENDED_EVENT and goes home. */
export const api = createApiClient({
  getToken: () => useSession.getState().token,
  // Absolute, so the same client works in a page, a worker and a test's simulated page.
  baseUrl: import.meta.env.SSR ? 'http://server-render.invalid' : globalThis.location?.origin,
  ...(import.meta.env.SSR && { fetch: (request: Request) => serverRender()!.fetch(request) }),
  getLocale: currentLocale,
  // Needed only on an expired token: it loads then, not with the first screen.
  refreshToken: async (expiredToken) => (await import('./refresh-session.ts')).refreshSession(expiredToken),
  onSessionEnded: () => {
    useSession.getState().clear()
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT))
  },
})
