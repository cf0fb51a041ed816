import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { EmailNotice } from '#contract/email-notices.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from '../api.ts'

/**
 * The e-mail address as a notification channel (docs/decisions/027-email.md): none yet, waiting for its link to be
 * followed (with "send the link again"), verified, or bounced; and how following the mailed link went (`notice`).
 */
export function EmailCard({ profile, notice }: { profile: Profile; notice?: EmailNotice | undefined }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const address = profile.email ?? ''
  const status = profile.email_status

  const sendAgain = async () => {
    setBusy(true)
    setError(null)
    setSent(false)
    try {
      useSession.getState().setProfile(await editorApi.emailSendLink())
      setSent(true)
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.body
          ? caught.body.error.message
          : t`Something went wrong. Try again.`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="editor-card" aria-busy={busy}>
      <h3 className="editor-card__title">
        <Trans>E-mail</Trans>
      </h3>
      {notice === 'verified' && status === 'verified' && (
        <p className="editor-status editor-status--saved" role="status">
          <Trans>Thank you, your address is confirmed.</Trans>
        </p>
      )}
      {notice === 'invalid' && status !== 'verified' && (
        <p className="editor-status editor-status--failed" role="alert">
          <Trans>This link has expired or was already used. Send a new one below.</Trans>
        </p>
      )}
      {status === 'none' && (
        <p className="form__hint">
          <Trans>Enter your e-mail address in your personal data to get notifications by mail.</Trans>
        </p>
      )}
      {status === 'verified' && (
        <p className="editor-status editor-status--saved" data-email-status="verified">
          <Trans>
            <bdi>{address}</bdi> is confirmed: the notifications you switch on for e-mail come there.
          </Trans>
        </p>
      )}
      {status === 'unverified' && (
        <p className="editor-status" data-email-status="unverified">
          <Trans>
            <bdi>{address}</bdi> is not confirmed yet. Follow the link we mailed to it; until then nothing is
            sent there.
          </Trans>
        </p>
      )}
      {status === 'bounced' && (
        <p className="editor-status editor-status--failed" data-email-status="bounced">
          <Trans>
            Mail to <bdi>{address}</bdi> could not be delivered, so e-mail notifications are off. Check the
            address, or confirm it again.
          </Trans>
        </p>
      )}
      {(status === 'unverified' || status === 'bounced') && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void sendAgain()}
          >
            {busy ? <Trans>Sending…</Trans> : <Trans>Send the link again</Trans>}
          </button>
        </div>
      )}
      {sent && (
        <p className="editor-status editor-status--saved" role="status">
          <Trans>A new link is on its way. Check your inbox and spam folder.</Trans>
        </p>
      )}
      {error && (
        <p className="editor-status editor-status--failed" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
