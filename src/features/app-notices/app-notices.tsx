import { OfflineNotice } from './offline-notice.tsx'
import { OutboxNotice } from './outbox-notice.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

/**
 * What the app tells about itself on every screen: no network, what waits to be sent, a new version. None of it
 * is drawn by the server, so on a drawn page it loads after the first load (docs/decisions/018).
 */
export default function AppNotices() {
  return (
    <>
      <OfflineNotice />
      <OutboxNotice />
      {/* A toast: fixed at the bottom of the screen wherever it stands in the page. */}
      <UpdatePrompt />
    </>
  )
}
