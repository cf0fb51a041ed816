import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useSession } from '#src/lib/session-store.ts'
import { loadPushCatalog } from './catalog.ts'
import './push.css'
import { disablePush, enablePush, isPushOn } from './push-subscription.ts'
import { currentPlatform, pushSupport, type Platform } from './push-support.ts'

// The card shows on the notifications page and in the profile editor: its messages load with whichever is first
// (docs/decisions/007).
await loadPushCatalog()

type View = 'checking' | 'unsupported' | 'ios-install' | 'denied' | 'off' | 'on'

function firstView(): View {
  const support = pushSupport()
  if (support !== 'supported') return support
  if (Notification.permission === 'denied') return 'denied'
  return Notification.permission === 'granted' ? 'checking' : 'off'
}

type PushPermissionCardProps = { headingLevel?: 2 | 3 }

/**
 * Browser push on this device: what the person will receive, and a button that asks the browser's permission only
 * when pressed. Where push cannot work yet it says why and what to do: add the app to the home screen on
 * iPhone/iPad, or allow notifications in the settings after refusing them.
 */
export default function PushPermissionCard({ headingLevel = 2 }: PushPermissionCardProps) {
  const { t } = useLingui()
  const executor = useSession((state) => state.profile?.type === 'executor')
  const [view, setView] = useState<View>(firstView)
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  useEffect(() => {
    if (view !== 'checking') return
    let live = true
    isPushOn().then(
      (on) => live && setView(on ? 'on' : 'off'),
      () => live && setView('off'),
    )
    return () => {
      live = false
    }
  }, [view])

  const run = async (action: () => Promise<void>, failure: string) => {
    setError('')
    setNote('')
    setBusy(true)
    try {
      await action()
    } catch {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  const turnOn = () =>
    run(
      async () => {
        // Asked here, from the click: browsers (Safari always) refuse or hide a request made without one.
        const permission = await Notification.requestPermission()
        if (permission === 'denied') return setView('denied')
        if (permission !== 'granted')
          return setNote(t`Notifications were not allowed. You can turn them on at any time.`)
        await enablePush()
        setView('on')
      },
      t`Notifications could not be turned on. Check the connection and try again.`,
    )

  const turnOff = () =>
    run(
      async () => {
        await disablePush()
        setView('off')
        setNote(t`Notifications are off on this device.`)
      },
      t`Notifications could not be turned off. Check the connection and try again.`,
    )

  const status =
    view === 'on'
      ? t`Notifications are on on this device.`
      : view === 'denied'
        ? t`Notifications are blocked for this site in this browser.`
        : note

  return (
    <div className="push-card">
      <Heading className="push-card__title">
        <Trans>Notifications on this device</Trans>
      </Heading>
      <p className="push-card__lead">
        {executor ? (
          <Trans>
            We tell you at once about new orders that match your specialties and districts, and when a
            customer chooses you, even when the app is closed.
          </Trans>
        ) : (
          <Trans>
            We tell you when specialists reply to your orders and when an order&apos;s status changes, even
            when the app is closed.
          </Trans>
        )}
      </p>
      <p role="status" className="push-card__status">
        {status}
      </p>
      {error && (
        <p role="alert" className="push-card__error">
          {error}
        </p>
      )}
      {view === 'off' && (
        <button type="button" className="button" disabled={busy} onClick={turnOn}>
          <Trans>Turn on notifications</Trans>
        </button>
      )}
      {view === 'on' && (
        <button type="button" className="button button--secondary" disabled={busy} onClick={turnOff}>
          <Trans>Turn off on this device</Trans>
        </button>
      )}
      {view === 'denied' && <DeniedHelp platform={currentPlatform()} />}
      {view === 'ios-install' && <InstallHelp />}
      {view === 'unsupported' && (
        <p>
          <Trans>
            This browser cannot show notifications from websites. Open Fika in a recent Chrome, Edge, Firefox
            or Safari, or get them in Telegram.
          </Trans>
        </p>
      )}
    </div>
  )
}

/** How to allow notifications again after refusing them: only the person can, in the browser's settings. */
function DeniedHelp({ platform }: { platform: Platform }) {
  return (
    <p className="push-card__help">
      {platform === 'ios' && (
        <Trans>To turn them on, open Settings → Notifications → Fika and allow notifications.</Trans>
      )}
      {platform === 'android' && (
        <Trans>
          To turn them on, tap the lock icon next to the address → Permissions → Notifications → Allow. In the
          installed app: hold its icon → App info → Notifications.
        </Trans>
      )}
      {platform === 'desktop' && (
        <Trans>
          To turn them on, click the lock icon next to the address → Site settings → Notifications → Allow,
          then reload the page.
        </Trans>
      )}
    </p>
  )
}

/** iPhone and iPad in Safari: push reaches only apps on the home screen, so the way there comes first. */
function InstallHelp() {
  return (
    <div className="push-card__help">
      <p>
        <Trans>
          On iPhone and iPad, Apple lets only apps added to the home screen show notifications, not sites open
          in Safari. Adding Fika takes a few seconds:
        </Trans>
      </p>
      <ol>
        <li>
          <Trans>Tap Share (the square with an arrow) in Safari.</Trans>
        </li>
        <li>
          <Trans>Choose “Add to Home Screen”.</Trans>
        </li>
        <li>
          <Trans>Open Fika from the home screen, log in and turn notifications on here.</Trans>
        </li>
      </ol>
    </div>
  )
}
