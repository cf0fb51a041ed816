import { Trans } from '@lingui/react/macro'
import { BackButton } from '#src/components/back-button.tsx'

/** A conversation that could not load: why (no network and no copy on the device, or another failure), and a retry. */
export function ConversationUnavailable({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <div className="screen">
      <BackButton />
      <div role="alert" className="chats__problem">
        <p>
          {offline ? (
            <Trans>
              No internet connection, and this conversation has not been saved on this device yet.
            </Trans>
          ) : (
            <Trans>Could not load the conversation.</Trans>
          )}
        </p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </div>
  )
}
