import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { ChatsLink } from '#src/features/chats/components/chats-link.tsx'
import { useChatUnread } from '#src/features/chats/unread-store.ts'
import {
  currentSocket,
  onRealtime,
  startRealtime,
  stopRealtime,
} from '#src/features/notifications/realtime.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { CHATS, ME, OTHER } from './chats-fixtures.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, renderInApp, stubApi } from './helpers.tsx'

beforeAll(() => loadChatsCatalog())

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  act(() => useSession.getState().clear())
})

const logIn = () =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))

describe('the chat on the app’s one socket', () => {
  it('connects websocket first, long-polling where it cannot open, reconnecting after 1 to 5 s ±50 %, 20 s to connect', () => {
    logIn()
    startRealtime(refreshSession)
    expect(sockets[0]!.options).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    })
  })

  it('hands the socket to a listener, again after a new login, and names it connected only while it is', () => {
    const seen = vi.fn(() => () => undefined)
    const stop = onRealtime(seen)
    logIn()
    startRealtime(refreshSession)
    expect(seen).toHaveBeenCalledWith(sockets[0])
    expect(currentSocket()).toBeNull()
    act(() => sockets[0]!.accept())
    expect(currentSocket()).toBe(sockets[0])
    stop()
  })

  it('keeps the header’s unread count from the events’ totals and names the link with it', async () => {
    logIn()
    stubApi({ [`GET ${CHATS}/unread`]: () => ({ json: { unread: 2 } }) })
    startRealtime(refreshSession)
    act(() => sockets[0]!.accept())
    renderInApp(<ChatsLink />)
    expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 2' })).toBeTruthy()
    act(() =>
      sockets[0]!.serverEmit('chat:read', {
        chat_id: 5,
        user_id: ME,
        delivered_up_to: 0,
        read_up_to: 40,
        unread: 0,
        total: 0,
      }),
    )
    await waitFor(() => expect(screen.getByRole('link', { name: 'Сообщения' })).toBeTruthy())
    act(() =>
      sockets[0]!.serverEmit('chat:message', {
        chat_id: 5,
        message: {
          id: 41,
          chat_id: 5,
          sender_id: OTHER,
          from_support: false,
          client_id: 'client-0041',
          kind: 'text',
          text: 'Ещё один вопрос',
          photo: null,
          location: null,
          created_at: '2026-11-24T09:00:00.000Z',
        },
        unread: 1,
        total: 1,
      }),
    )
    expect(useChatUnread.getState().total).toBe(1)
    expect(screen.getByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toBeTruthy()
  })
})
