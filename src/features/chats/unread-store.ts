import { create } from 'zustand'
import { useSession } from '#src/lib/session-store.ts'

type ChatUnreadState = {
  /** Messages to the reader not read yet, over all conversations; null until the server said. */
  total: number | null
  setTotal: (total: number) => void
}

/**
 * The header's count of unread messages: tiny on purpose, since the header's chunk holds it; the socket
 * (src/features/notifications/realtime.ts) and the chat screens keep it up to date.
 */
export const useChatUnread = create<ChatUnreadState>()((set) => ({
  total: null,
  setTotal: (total) => set({ total }),
}))

// One person's count is not shown to the next one who logs in on this device.
useSession.subscribe((session, previous) => {
  if (session.token === null && previous.token !== null) useChatUnread.setState({ total: null })
})
