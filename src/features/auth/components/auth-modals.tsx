import { lazy, Suspense, useEffect } from 'react'
import { useAuthModal } from '../auth-modal-store.ts'
import { interruptedStep } from '../kept-step.ts'

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
  const used = useAuthModal((state) => state.used)
  const show = useAuthModal((state) => state.show)
  // A registration or reset that a reload interrupted after its code was sent opens again on its step.
  useEffect(() => {
    const interrupted = loggedIn ? undefined : interruptedStep()
    if (interrupted) show(interrupted.modal, { stayOnPage: interrupted.stayOnPage })
  }, [loggedIn, show])
  if (loggedIn) return null
  // One boundary per modal: loading one must not hide or disturb another that is already on screen.
  return used.map((name) => {
    const Modal = MODALS[name]
    return (
      <Suspense key={name} fallback={null}>
        <Modal />
      </Suspense>
    )
  })
}
