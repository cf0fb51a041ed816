import { Trans } from '@lingui/react/macro'
import { Headset } from 'lucide-react'
import { loadChatEntryCatalog } from '../catalog.ts'
import { OpenChatButton } from './open-chat-button.tsx'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadChatEntryCatalog()

/** The way into the support chat on /support, above the page's text: most visitors come here to ask. */
export function SupportChat() {
  return (
    <section className="support-chat" aria-labelledby="support-chat-title">
      <h2 id="support-chat-title">
        <Trans>Ask the support team</Trans>
      </h2>
      <p>
        <Trans>Questions about an order, a specialist or your account: write to us in the chat.</Trans>
      </p>
      <OpenChatButton target="support" className="button">
        <Headset className="icon" aria-hidden="true" /> <Trans>Open support chat</Trans>
      </OpenChatButton>
    </section>
  )
}
