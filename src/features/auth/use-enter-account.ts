import { useRouter } from '@tanstack/react-router'
import type { Profile } from '#contract/schemas/profile.ts'
import { useSession } from '#src/lib/session-store.ts'
import { useAuthModal } from './auth-modal-store.ts'
import { localPath } from './return-to.ts'

/**
 * What login, registration and reset do once the server answers a session: keep it, close, and bring the person
 * back where they were. A page a guard sent them away from (`returnTo`) is where they land; a modal opened on any
 * page but home leaves them on that page, whose guard and data then run again for the logged-in person; from home
 * (the spec's case) they go to /account.
 */
export function useEnterAccount() {
  const router = useRouter()
  const setSession = useSession((state) => state.setSession)
  const close = useAuthModal((state) => state.close)
  return async (session: { token: string; profile: Profile }) => {
    const { stayOnPage, returnTo: wanted } = useAuthModal.getState()
    const returnTo = localPath(wanted)
    setSession(session)
    close()
    if (stayOnPage) return
    if (returnTo) await router.navigate({ href: returnTo, replace: true })
    else if (router.state.location.pathname !== '/') await router.invalidate()
    else await router.navigate({ to: '/account' })
  }
}
