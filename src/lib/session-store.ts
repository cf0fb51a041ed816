import { create } from 'zustand'
import type { Profile } from '#contract/schemas/profile.ts'

type SessionState = {
  token: string | null
  profile: Profile | null
  setSession: (session: { token: string; profile?: Profile }) => void
  setProfile: (profile: Profile) => void
  clear: () => void
}

export const SESSION_STORAGE_KEY = 'fika.session'

type StoredSession = Pick<SessionState, 'token' | 'profile'>

/** What this device keeps, in the shape zustand's persist middleware wrote it (sessions stored before stay valid). */
function readStoredSession(): StoredSession {
  try {
    const state = (
      JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { state?: StoredSession } | null
    )?.state
    return { token: state?.token ?? null, profile: state?.profile ?? null }
  } catch {
    // No storage (the server's render, a private window that refuses it) or a damaged entry: logged out.
    return { token: null, profile: null }
  }
}

function storeSession({ token, profile }: StoredSession) {
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { token, profile }, version: 0 }))
  } catch {
    // A full or refused storage keeps the session for this tab only.
  }
}

/**
 * The access token and profile, kept in localStorage so a reload (and every tab) stays logged in. The refresh
 * token never reaches scripts: it lives in an httpOnly cookie. Logged in means a token is present.
 *
 * NOTE: kept by hand rather than with zustand's persist middleware, which weighs as much again as zustand itself,
 * on the first load of every page (docs/decisions/018).
 */
export const useSession = create<SessionState>()((set) => ({
  ...readStoredSession(),
  setSession: ({ token, profile }) => set((state) => ({ token, profile: profile ?? state.profile })),
  setProfile: (profile) => set({ profile }),
  clear: () => set({ token: null, profile: null }),
}))
useSession.subscribe(storeSession)

// Another tab logged in, out, or refreshed the token: take its state so both tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) useSession.setState(readStoredSession())
  })
}

export const isLoggedIn = () => useSession.getState().token !== null
export const userType = () => useSession.getState().profile?.type ?? null

/**
 * Whether the logged-in person is a moderator, whom the app offers the moderation console (/admin). It only spares
 * others a screen they cannot use: the server answers 403 to anyone else on every call.
 */
export const isModerator = (state: Pick<SessionState, 'token' | 'profile'>) =>
  state.token !== null && state.profile?.role === 'moderator'
