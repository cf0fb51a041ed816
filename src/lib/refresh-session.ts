import { REFRESH_PATH } from '#contract/endpoint.ts'
import { SESSION_STORAGE_KEY, useSession } from './session-store.ts'

const LOCK_NAME = 'fika-token-refresh'

/** The token another tab may have stored since this one read it (the store syncs on a storage event, later). */
function storedToken(): string | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY)
    return raw ? ((JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null) : null
  } catch {
    return null
  }
}

async function requestNewToken(): Promise<string | null> {
  const url = new URL(REFRESH_PATH, globalThis.location?.origin)
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin' })
  if (!response.ok) return null
  return ((await response.json()) as { token: string }).token
}

let inFlight: Promise<string | null> | null = null

/**
 * One refresh for everyone: parallel calls in this tab share one promise, and other tabs wait on a Web Lock, then
 * find the token the first tab stored instead of presenting the (already rotated) cookie a second time, which
 * the server would take for a stolen token.
 */
export function refreshSession(expiredToken: string | null): Promise<string | null> {
  inFlight ??= run(expiredToken).finally(() => {
    inFlight = null
  })
  return inFlight
}

async function run(expiredToken: string | null): Promise<string | null> {
  const work = async () => {
    const current = storedToken()
    if (current && current !== expiredToken) {
      useSession.getState().setSession({ token: current })
      return current
    }
    const token = await requestNewToken().catch(() => null)
    if (token) useSession.getState().setSession({ token })
    return token
  }
  return navigator.locks ? navigator.locks.request(LOCK_NAME, work) : work()
}
