import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { VERIFICATION } from '#contract/schemas/profile.ts'
import type { DenyReason, Verification } from '#contract/schemas/verification.ts'
import { formatDate } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from '../api.ts'
import { LoadStatus } from './load-status.tsx'
import { EditorSection } from './section.tsx'
import { VerificationForm } from './verification-form.tsx'

/** A moderator's reason in the specialist's words; the moderator's own text is shown beside it as it was typed. */
const REASONS: Record<DenyReason, MessageDescriptor> = {
  unreadable: msg`The photos could not be read: take them in good light, without glare, with every letter visible.`,
  face_not_visible: msg`Your face is not clearly visible on the selfie.`,
  mismatch: msg`The person or the details on the documents do not match your profile.`,
  expired: msg`The document has expired.`,
  not_a_document: msg`The photos do not show an accepted identity document.`,
  other: msg`The moderator explains below.`,
}

/**
 * The identity verification (docs/decisions/028): its state (none, under review, verified, denied and why) and,
 * when documents may be sent, the camera screen that sends them.
 */
export function VerificationSection() {
  const { t, i18n } = useLingui()
  const [state, setState] = useState<Verification | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [again, setAgain] = useState(false)

  useEffect(() => {
    editorApi
      .verification()
      .then(setState)
      .catch(() => setError(t`The verification state could not be loaded. Reload the page to try again.`))
  }, [t])

  const sent = (fresh: Verification) => {
    setState(fresh)
    setAgain(false)
    // The profile's own code follows, so the rest of the app agrees without asking the server again.
    const { profile, setProfile } = useSession.getState()
    if (profile) setProfile({ ...profile, verification: fresh.verification })
  }

  const code = state?.verification
  const date = state?.submitted_at ? formatDate(state.submitted_at) : null
  return (
    <EditorSection id="verification" title={<Trans>Verification</Trans>}>
      <LoadStatus loading={!state} error={error} />
      {code === VERIFICATION.none && (
        <>
          <p>
            <Trans>
              Confirm your identity to get the “Verified” badge: customers see it on your profile and in the
              list of specialists, and choose verified specialists more often.
            </Trans>
          </p>
          <p className="form__hint">
            <Trans>
              Your document photos are encrypted and only moderators see them. They are deleted 90 days after
              the decision.
            </Trans>
          </p>
        </>
      )}
      {code === VERIFICATION.review && (
        <p role="status" className="verification-state verification-state--review">
          {date ? (
            <Trans>Your documents are under review since {date}. You will see the decision here.</Trans>
          ) : (
            <Trans>Your documents are under review. You will see the decision here.</Trans>
          )}
        </p>
      )}
      {code === VERIFICATION.verified && (
        <p className="verification-state verification-state--verified">
          <span className="verification-badge">
            <Trans>Verified</Trans>
          </span>{' '}
          <Trans>Your identity is confirmed: customers see the badge on your profile.</Trans>
        </p>
      )}
      {code === VERIFICATION.denied && state && (
        <div className="verification-state verification-state--denied">
          <p>
            <Trans>The documents were not accepted.</Trans> {state.reason && i18n._(REASONS[state.reason])}
          </p>
          {state.reason_text && (
            <dl>
              <dt>
                <Trans>The moderator&apos;s note</Trans>
              </dt>
              <dd>{state.reason_text}</dd>
            </dl>
          )}
          {!again && (
            <button type="button" className="button" onClick={() => setAgain(true)}>
              <Trans>Send the documents again</Trans>
            </button>
          )}
        </div>
      )}
      {(code === VERIFICATION.none || (code === VERIFICATION.denied && again)) && (
        <VerificationForm onSent={sent} />
      )}
    </EditorSection>
  )
}
