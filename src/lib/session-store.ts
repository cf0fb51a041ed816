import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Profile } from '#contract/schemas/profile.ts'

type SessionState = {
  token: string | null
  profile: Profile | null
  setSession: (session: { token: string; profile?: Profile }) => void
  setProfile: (profile: Profile) => void
  clear: () => void
}

export const SESSION_STORAGE_KEY = 'fika.session'

/**
 * The access token and profile, kept in localStorage so a reload (and every tab) stays logged in. The refresh
 * token never reaches scripts: it lives in an httpOnly cookie. Logged in means a token is present.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      profile: null,
      setSession: ({ token, profile }) => set((state) => ({ token, profile: profile ?? state.profile })),
      setProfile: (profile) => set({ profile }),
      clear: () => set({ token: null, profile: null }),
    }),
    { name: SESSION_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
)

// Another tab logged in, out, or refreshed the token: take its state so both tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) void useSession.persist.rehydrate()
  })
}

export const isLoggedIn = () => useSession.getState().token !== null
export const userType = () => useSession.getState().profile?.type ?? null
