import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Modal } from '#src/components/modal.tsx'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { dismissModeNotice, useModeNotice } from '#src/lib/mode-notice.ts'
import { useSession } from '#src/lib/session-store.ts'
import { loadModeSwitchCatalog } from '../catalog.ts'

// The profile call is fetched when the notice is answered, not with the first screen.
const loadAuthApi = () => import('#src/features/auth/api/auth-api.ts')

/**
 * Shown to an executor whom the guard turned back from the order flow (orders are placed in customer mode, spec
 * section 6): says why, and switches to customer mode and on to the order they started, or leaves them as they are.
 */
export default function OrderAsCustomerNotice() {
  return (
    <WithCatalog load={loadModeSwitchCatalog}>
      <Notice />
    </WithCatalog>
  )
}

function Notice() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const returnTo = useModeNotice((state) => state.returnTo)
  const profile = useSession((state) => state.profile)
  const setProfile = useSession((state) => state.setProfile)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  const switchAndGo = async () => {
    if (!profile || !returnTo) return
    setBusy(true)
    setFailed(false)
    try {
      const { authApi } = await loadAuthApi()
      setProfile(await authApi.saveType(profile.id, 'customer'))
      dismissModeNotice()
      await navigate({ href: returnTo })
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open={returnTo !== null} title={t`You are in specialist mode`} onClose={dismissModeNotice}>
      <p>
        <Trans>
          Orders are placed in customer mode. Switch to customer mode to order this service; you can switch
          back to specialist mode at any time from your menu.
        </Trans>
      </p>
      {failed && (
        <p role="alert" className="form__error">
          <Trans>Could not switch the mode. Check the connection and try again.</Trans>
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void switchAndGo()}>
          <Trans>Switch to customer mode and order</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={dismissModeNotice}>
          <Trans>Stay a specialist</Trans>
        </button>
      </div>
    </Modal>
  )
}
