import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '#src/lib/api-client.ts'
import { SERVER_FIELDS } from '../order-form.ts'
import type { PublishPhase } from '../use-publish.ts'

/** What publishing is doing, read out to screen readers as it changes. */
export function PublishStatus({ phase }: { phase: PublishPhase }) {
  const { t } = useLingui()
  if (phase.name === 'idle') return null
  if (phase.name === 'failed') {
    const error = phase.error
    // Field errors the form has a field for are shown on it; the server's words for any other are said here.
    const unplaced =
      error instanceof ApiError
        ? Object.entries(error.fields)
            .filter(([field]) => !SERVER_FIELDS[field])
            .flatMap(([, messages]) => messages.slice(0, 1))
        : []
    const message =
      error instanceof ApiError && error.status === 0
        ? t`No connection to the server. Check the internet and try again`
        : error instanceof ApiError && error.body && !Object.keys(error.fields).length
          ? error.body.error.message
          : unplaced.length > 0
            ? unplaced.join(' ')
            : error instanceof ApiError && error.body
              ? t`Check the highlighted fields`
              : t`An error occurred`
    return (
      <p className="form__error" role="alert">
        {message}
      </p>
    )
  }
  return (
    <div className="wizard__status" role="status">
      {phase.name === 'sending' && <Trans>Publishing the order…</Trans>}
      {phase.name === 'queued' && (
        <Trans>
          You are offline. The order is saved and will be sent by itself when the network returns.
        </Trans>
      )}
      {phase.name === 'uploading' && (
        <>
          <label htmlFor="order-upload-progress">
            <Trans>
              Uploading photo {phase.photo} of {phase.of}
            </Trans>
          </label>
          <progress id="order-upload-progress" max={1} value={phase.fraction} />
        </>
      )}
    </div>
  )
}
