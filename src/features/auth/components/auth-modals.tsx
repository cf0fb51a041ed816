import { LoginModal } from './login-modal.tsx'
import { RegistrationModal } from './registration-modal.tsx'
import { ResetModal } from './reset-modal.tsx'

/** The login, registration and reset modals, for logged-out visitors only (spec section 6). */
export function AuthModals({ loggedIn }: { loggedIn: boolean }) {
  if (loggedIn) return null
  return (
    <>
      <LoginModal />
      <RegistrationModal />
      <ResetModal />
    </>
  )
}
