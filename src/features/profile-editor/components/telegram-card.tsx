import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { TELEGRAM_LINK_TTL_MIN } from '#contract/telegram-endpoints.ts'
import { useTelegramLink } from '../use-telegram-link.ts'
import { Confirm } from './confirm.tsx'
import { LinkQrCode } from './link-qr-code.tsx'

/**
 * Telegram and this account: when not linked, a single-use link to the bot (its QR code for a computer's screen, a
 * button for the phone) and a way to see that the bot has linked it; when linked, unlinking after a confirmation.
 */
export function TelegramCard({ profile }: { profile: Profile }) {
  const telegram = useTelegramLink(profile)
  const [confirming, setConfirming] = useState(false)
  const { linked, busy, stateRef } = telegram
  return (
    <div className="editor-card" aria-busy={busy !== null}>
      <h3 className="editor-card__title">Telegram</h3>
      {linked ? (
        <>
          <p ref={stateRef} tabIndex={-1} className="editor-status editor-status--saved" role="status">
            <Trans>Telegram connected</Trans>
          </p>
          <p className="form__hint">
            <Trans>
              The notifications you switch on for Telegram come to your chat with the bot, and the Telegram
              Mini App signs you in without a password.
            </Trans>
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {busy === 'unlink' ? <Trans>Disconnecting…</Trans> : <Trans>Disconnect</Trans>}
          </button>
        </>
      ) : (
        <>
          <p ref={stateRef} tabIndex={-1} className="editor-status" role="status">
            <Trans>Telegram is not connected</Trans>
          </p>
          <p className="form__hint">
            <Trans>
              Connect it to get the notifications you switch on for Telegram there, and to log in from the
              Telegram Mini App without a password.
            </Trans>
          </p>
          <LinkSteps telegram={telegram} />
        </>
      )}
      {telegram.error && (
        <p className="editor-status editor-status--failed" role="alert">
          {telegram.error}
        </p>
      )}
      <Confirm
        open={confirming}
        title={<Trans>Disconnect Telegram?</Trans>}
        confirmLabel={<Trans>Disconnect</Trans>}
        onConfirm={() => {
          setConfirming(false)
          void telegram.unlink()
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <Trans>
            Notifications stop coming to Telegram, and the Telegram Mini App no longer signs you in. You can
            connect it again at any time.
          </Trans>
        </p>
      </Confirm>
    </div>
  )
}

/** Connecting: the button that asks for a link, then the link (as a code and a button) and what to do next. */
function LinkSteps({ telegram }: { telegram: ReturnType<typeof useTelegramLink> }) {
  const { t } = useLingui()
  const { link, expired, busy, notYet, linkRef } = telegram
  const minutes = TELEGRAM_LINK_TTL_MIN
  const newLink = (
    <button
      type="button"
      className={link ? 'button button--secondary' : 'button'}
      disabled={busy !== null}
      onClick={() => void telegram.getLink()}
    >
      {busy === 'link' ? (
        <Trans>Getting the link…</Trans>
      ) : link ? (
        <Trans>Get a new link</Trans>
      ) : (
        <Trans>Connect Telegram</Trans>
      )}
    </button>
  )
  if (!link) return newLink
  return (
    <>
      {expired ? (
        <p role="status">
          <Trans>The link has expired: get a new one.</Trans>
        </p>
      ) : (
        <>
          <LinkQrCode url={link.url} label={t`QR code of the link to the Telegram bot`} />
          <p className="form__hint">
            <Trans>Scan the code with your phone’s camera, or open the link on this device.</Trans>
          </p>
          <a ref={linkRef} className="button" href={link.url} target="_blank" rel="noopener">
            <Trans>Open in Telegram</Trans>
          </a>
          <p className="form__hint">
            <Trans>The link works once and for {minutes} min.</Trans>
          </p>
        </>
      )}
      <div className="form__actions">
        {!expired && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={() => void telegram.check()}
          >
            {busy === 'check' ? <Trans>Checking…</Trans> : <Trans>I’ve connected, check again</Trans>}
          </button>
        )}
        {newLink}
      </div>
      {notYet && (
        <p role="status">
          <Trans>
            Telegram is not connected yet: open the link in Telegram and press Start, then check again.
          </Trans>
        </p>
      )}
    </>
  )
}
