import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { AnyRouter } from '@tanstack/react-router'
import { createRoot, type Root } from 'react-dom/client'
import { Modal } from '#src/components/modal.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { telegramLoginApi } from '../api/telegram-login-api.ts'
import { useAuthModal } from '../auth-modal-store.ts'
import { loadAuthCatalog } from '../catalog.ts'

/** Where a person links Telegram: the settings of their profile (the profile editor's "Connect Telegram"). */
const SETTINGS_PATH = '/account#settings'

/** What the Mini App's login came to, as its notice tells it. */
type Outcome =
  | { status: 'checking' }
  | { status: 'not_linked' }
  | { status: 'refused' }
  /** The bot's login link was used already or is too old. */
  | { status: 'link_spent' }
  /** The server's own message, or null when the server was not reached. */
  | { status: 'failed'; message: string | null }

/** The part of Telegram's `window.Telegram.WebApp` the app uses, when the Mini App's host provides it. */
type TelegramWebApp = { ready?: () => void; expand?: () => void }

/**
 * The Mini App's login (docs/decisions/026-telegram.md): takes Telegram's launch parameters out of the address, so
 * a reload or a shared link does not carry them, and trades the signed launch data for a session, as the login
 * modal does, then opens the orders. A Telegram account that is not linked yet, or launch data that could not be
 * checked, is told in a notice that leaves the normal login at hand.
 */
export async function startMiniAppLogin(router: AnyRouter) {
  const { initData, loginToken } = takeLaunchParameters(router)
  // Telegram's script is not loaded by the app; a host that provides it anyway learns the app is ready.
  const webApp = (window as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp
  webApp?.ready?.()
  webApp?.expand?.()
  if (!initData && !loginToken) return

  const answer = (
    loginToken ? telegramLoginApi.withLinkToken(loginToken) : telegramLoginApi.withLaunchData(initData!)
  ).then(
    (session) => ({ session }),
    (error: unknown) => ({ error }),
  )
  // Without its words the notice still says something: the English it is written in.
  await loadAuthCatalog().catch(() => undefined)
  const toSettings = () => void router.navigate({ href: SETTINGS_PATH })
  show({ status: 'checking' }, toSettings)
  const result = await answer
  if ('error' in result) {
    const outcome = outcomeOf(result.error)
    return show(loginToken && outcome.status === 'refused' ? { status: 'link_spent' } : outcome, toSettings)
  }
  useSession.getState().setSession(result.session)
  useAuthModal.getState().close()
  show(null, toSettings)
  await router.navigate({ to: '/orders', replace: true })
}

/**
 * Telegram's `tgWebApp…` parameters (its data, version, platform, theme) and the bot's `fikaLogin` token out of
 * the hash, so a reload or a shared address carries neither; the data is the raw `initData` query string Telegram
 * signed, which the hash carries URL-encoded once.
 */
function takeLaunchParameters(router: AnyRouter) {
  const { pathname, search, hash, state } = router.history.location
  // NOTE: decoded once, by URLSearchParams, exactly as Telegram's own script reads it ('+' is a space): decoding
  // again would change the signed string and the server would refuse it.
  const parameters = new URLSearchParams(hash.replace(/^#/, ''))
  const initData = parameters.get('tgWebAppData') || null
  const loginToken = parameters.get('fikaLogin') || null
  for (const name of [...parameters.keys()])
    if (name.startsWith('tgWebApp') || name === 'fikaLogin') parameters.delete(name)
  const rest = parameters.toString()
  router.history.replace(`${pathname}${search}${rest ? `#${rest}` : ''}`, state)
  return { initData, loginToken }
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.code === 'telegram_not_linked') return { status: 'not_linked' }
  if (error instanceof ApiError && error.status === 401) return { status: 'refused' }
  return {
    status: 'failed',
    message: error instanceof ApiError && error.body ? error.body.error.message : null,
  }
}

// NOTE: a small React root of its own beside the app's: the app's layout is in the first load of every page, and
// knowing nothing of the Mini App keeps it there at no cost.
let notice: Root | undefined

function show(outcome: Outcome | null, toSettings: () => void) {
  if (!notice) {
    const container = document.createElement('div')
    document.body.append(container)
    notice = createRoot(container)
  }
  const close = () => show(null, toSettings)
  notice.render(
    <I18nProvider i18n={i18n}>
      {outcome && <MiniAppNotice outcome={outcome} onClose={close} toSettings={toSettings} />}
    </I18nProvider>,
  )
}

type NoticeProps = { outcome: Outcome; onClose: () => void; toSettings: () => void }

/** While the login is checked, a line; when it fails, why, what to do, and the normal login. */
function MiniAppNotice({ outcome, onClose, toSettings }: NoticeProps) {
  const loggedIn = useSession((state) => state.token !== null)
  if (outcome.status === 'checking')
    return (
      <p className="toast" role="status">
        <Trans>Signing in with Telegram…</Trans>
      </p>
    )

  const logIn = () => {
    onClose()
    // Logged in, the person lands on the settings, where "Connect Telegram" is.
    useAuthModal.getState().show('login', { returnTo: SETTINGS_PATH })
  }
  const openSettings = () => {
    onClose()
    toSettings()
  }
  const title =
    outcome.status === 'not_linked' ? (
      <Trans>This Telegram account is not linked yet</Trans>
    ) : outcome.status === 'refused' ? (
      <Trans>The Telegram sign-in could not be checked</Trans>
    ) : outcome.status === 'link_spent' ? (
      <Trans>This sign-in link no longer works</Trans>
    ) : (
      <Trans>Could not sign in with Telegram</Trans>
    )
  return (
    <Modal open title={title} onClose={onClose}>
      {outcome.status === 'not_linked' && (
        <>
          <p>
            <Trans>
              Fika does not know this Telegram account yet, so it cannot sign you in with it. To link it:
            </Trans>
          </p>
          <ol>
            <li>
              <Trans>Log in with your phone number and password.</Trans>
            </li>
            <li>
              <Trans>Open Profile → Settings.</Trans>
            </li>
            <li>
              <Trans>Press “Connect Telegram” and open the link in Telegram.</Trans>
            </li>
          </ol>
          <p>
            <Trans>After that, the app signs you in by itself when you open it from the bot.</Trans>
          </p>
        </>
      )}
      {outcome.status === 'refused' && (
        <p>
          <Trans>
            Close the app and open it again from the bot. You can also log in with your phone number.
          </Trans>
        </p>
      )}
      {outcome.status === 'link_spent' && (
        <p>
          <Trans>
            Each link from the bot signs you in once, within ten minutes. Write /start to the bot for a new
            one, or log in with your phone number.
          </Trans>
        </p>
      )}
      {outcome.status === 'failed' && (
        <p role="alert">
          {outcome.message ?? (
            <Trans>
              No connection to the server. Check the connection and open the app again from the bot.
            </Trans>
          )}
        </p>
      )}
      <div className="form__actions">
        {!loggedIn && (
          <button type="button" className="button" onClick={logIn}>
            <Trans>Log in</Trans>
          </button>
        )}
        {loggedIn && outcome.status === 'not_linked' && (
          <button type="button" className="button" onClick={openSettings}>
            <Trans>Open the settings</Trans>
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Got it</Trans>
        </button>
      </div>
    </Modal>
  )
}
