import { useNavigate } from '@tanstack/react-router'
import type { Profile } from '#contract/schemas/profile.ts'
import { useSession } from '#src/lib/session-store.ts'
import { useAuthModal } from './auth-modal-store.ts'

/**
 * What login, registration and reset do once the server answers a session: keep it, close, go to /account, unless
 * the modal was opened to finish something on the current page.
 */
export function useEnterAccount() {
  const navigate = useNavigate()
  const setSession = useSession((state) => state.setSession)
  const close = useAuthModal((state) => state.close)
  return async (session: { token: string; profile: Profile }) => {
    const { stayOnPage } = useAuthModal.getState()
    setSession(session)
    close()
    if (!stayOnPage) await navigate({ to: '/account' })
  }
}
