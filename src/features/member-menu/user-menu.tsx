import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { isModerator, useSession } from '#src/lib/session-store.ts'
import { useDismiss } from '#src/components/use-dismiss.ts'

// The auth calls (and their schemas) are fetched when the menu is used, not with the first screen.
const loadAuthApi = () => import('#src/features/auth/api/auth-api.ts')
// So is the push code, which forgets this device's subscription while the session can still prove whose it is.
const forgetPushDevice = () =>
  import('#src/features/push/push-subscription.ts')
    .then((push) => push.forgetPushOnLogout())
    .catch(() => undefined)

/** The logged-in person's menu: switch between customer and executor, the moderators' console, and log out. */
export function UserMenu() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const pathname = useLocation({ select: (location) => location.pathname })
  const { profile, setProfile, clear } = useSession()
  const moderator = useSession(isModerator)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, ref, close)

  if (!profile) return null
  const nextType = profile.type === 'executor' ? 'customer' : 'executor'
  // The person's own photo when there is one (the small copy), else the first letter of the name.
  const photo = profile.avatar_thumb ?? profile.avatar

  const switchMode = async () => {
    setBusy(true)
    try {
      const { authApi } = await loadAuthApi()
      setProfile(await authApi.saveType(profile.id, nextType))
      close()
      if (pathname !== '/account') await navigate({ to: '/account' })
    } finally {
      setBusy(false)
    }
  }

  const logOut = async () => {
    // The spec clears the session whatever the server answers; a failed logout is only logged.
    const { authApi } = await loadAuthApi()
    await forgetPushDevice()
    await authApi.logout().catch((error: unknown) => console.warn('logout failed', error))
    clear()
    close()
    await navigate({ to: '/' })
  }

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {photo ? <img src={photo} alt="" width="32" height="32" /> : profile.name.slice(0, 1)}
        </span>
        <span className="user-menu__name">{profile.name}</span>
        <ChevronDown className="user-menu__chevron" />
        <span className="visually-hidden">{t`Account menu`}</span>
      </button>
      {open && (
        <div id={menuId} className="user-menu__list">
          <p className="user-menu__mode">
            {profile.type === 'executor' ? (
              <Trans>You are in executor mode</Trans>
            ) : (
              <Trans>You are in customer mode</Trans>
            )}
          </p>
          <button type="button" className="menu-item" onClick={switchMode} disabled={busy}>
            {nextType === 'executor' ? <Trans>Switch to executor</Trans> : <Trans>Switch to customer</Trans>}
          </button>
          {moderator && (
            <Link to="/admin" className="menu-item" onClick={close}>
              <Trans>Moderation</Trans>
            </Link>
          )}
          <button type="button" className="menu-item" onClick={logOut}>
            <Trans>Log out</Trans>
          </button>
        </div>
      )}
    </div>
  )
}
