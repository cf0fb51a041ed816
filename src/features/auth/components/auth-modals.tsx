import { lazy, Suspense, useEffect, useState } from 'react'
import { useAuthModal, type AuthModal } from '../auth-modal-store.ts'

// Forms, the phone mask and validation are fetched the first time a modal opens: the home page does not pay for
// them. Once loaded a modal stays mounted, so its own close-then-reset timing (500 ms) holds.
const MODALS = {
  login: lazy(() => import('./login-modal.tsx').then((m) => ({ default: m.LoginModal }))),
  registration: lazy(() =>
    import('./registration-modal.tsx').then((m) => ({ default: m.RegistrationModal })),
  ),
  reset: lazy(() => import('./reset-modal.tsx').then((m) => ({ default: m.ResetModal }))),
} as const

/** The login, registration and reset modals, for logged-out visitors only (spec section 6). */
export function AuthModals({ loggedIn }: { loggedIn: boolean }) {
  const open = useAuthModal((state) => state.open)
  const [loaded, setLoaded] = useState<AuthModal[]>([])
  useEffect(() => {
    if (open && !loaded.includes(open)) setLoaded((current) => [...current, open])
  }, [open, loaded])

  if (loggedIn) return null
  return (
    <Suspense fallback={null}>
      {loaded.map((name) => {
        const Modal = MODALS[name]
        return <Modal key={name} />
      })}
    </Suspense>
  )
}
