import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { REFRESH_PATH } from '#contract/endpoint.ts'
import { startRealtime as start, stopRealtime } from '#src/features/notifications/realtime.ts'
import { useNotifications } from '#src/features/notifications/store.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, stubApi } from './helpers.tsx'

const logIn = (token = 'access-1') =>
  useSession.getState().setSession({ token, profile: profileOf() as never })

const startRealtime = () => start(refreshSession)

const notification = {
  id: 41,
  type_push: 'new_order',
  status: 'active',
  message: 'Новый заказ: заменить проводку',
  link: '/order/41',
  avatar: null,
  created_at: '2026-11-25T09:00:00.000Z',
}

/** The one socket the app made. */
function theSocket() {
  expect(sockets).toHaveLength(1)
  return sockets[0]!
}

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  useSession.getState().clear()
})

describe('the notifications socket', () => {
  it('connects to the same origin on the contract path, with the current access token in the handshake', () => {
    logIn('access-1')
    startRealtime()
    const socket = theSocket()
    expect(socket.options.path).toBe('/socket.io/')
    expect(socket.connect).toHaveBeenCalledOnce()
    expect(socket.handshakeAuth()).toEqual({ token: 'access-1' })
    // A reconnection asks again, so it carries the token refreshed meanwhile.
    useSession.getState().setSession({ token: 'access-2' })
    expect(socket.handshakeAuth()).toEqual({ token: 'access-2' })
  })

  it('does not connect a guest, and connects when they log in', () => {
    startRealtime()
    expect(sockets).toHaveLength(0)
    logIn()
    expect(theSocket().connect).toHaveBeenCalledOnce()
  })

  it('joins the room in the current language and takes the unread count from the answer', () => {
    document.cookie = 'lang=uz; path=/'
    logIn()
    startRealtime()
    const socket = theSocket()
    socket.accept()
    const [join] = socket.sent('connect_user')
    expect(join?.payload).toEqual({ locale: 'uz' })
    join?.ack?.({ ok: true, room: 'notif_7', unread: 4 })
    expect(useNotifications.getState().unread).toBe(4)
  })

  it('names the new language again when it changes, and only then', () => {
    logIn()
    startRealtime()
    const socket = theSocket()
    socket.accept()
    expect(socket.sent('connect_user').map((emit) => emit.payload)).toEqual([{ locale: 'ru' }])
    // A feature catalog loading is a Lingui change too, but the language stays.
    i18n.load('ru', {})
    expect(socket.sent('connect_user')).toHaveLength(1)
    document.cookie = 'lang=en; path=/'
    i18n.load('en', {})
    expect(socket.sent('connect_user').map((emit) => emit.payload)).toEqual([
      { locale: 'ru' },
      { locale: 'en' },
    ])
  })

  it('refreshes the session once when the handshake is refused as unauthorized, then connects again', async () => {
    logIn('expired')
    const api = stubApi({ [`POST ${REFRESH_PATH}`]: () => ({ json: { token: 'fresh' } }) })
    startRealtime()
    const socket = theSocket()
    socket.refuse('unauthorized')
    await expect.poll(() => socket.connect.mock.calls.length).toBe(2)
    expect(useSession.getState().token).toBe('fresh')
    expect(socket.handshakes).toEqual([{ token: 'expired' }, { token: 'fresh' }])
    // Refused with the fresh token too: no second refresh, no loop.
    socket.refuse('token_expired')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.calls.filter((call) => call.path === REFRESH_PATH)).toHaveLength(1)
    expect(socket.connect).toHaveBeenCalledTimes(2)
  })

  it('leaves other connection errors to socket.io, without a refresh', async () => {
    logIn()
    const api = stubApi({})
    startRealtime()
    theSocket().refuse('xhr poll error')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.calls).toHaveLength(0)
  })

  it('disconnects on logout, forgets the count, and connects again on the next login', () => {
    logIn()
    startRealtime()
    const socket = theSocket()
    socket.accept()
    socket.serverEmit('notif', { notification, unread: 3 })
    expect(useNotifications.getState().unread).toBe(3)
    useSession.getState().clear()
    expect(socket.disconnect).toHaveBeenCalledOnce()
    expect(socket.connected).toBe(false)
    expect(useNotifications.getState().unread).toBeNull()
    logIn('next-user')
    expect(socket.handshakes.at(-1)).toEqual({ token: 'next-user' })
  })

  it('keeps the count of notif_unread and ignores payloads that break the contract', () => {
    logIn()
    startRealtime()
    const socket = theSocket()
    socket.accept()
    socket.serverEmit('notif_unread', { unread: 2 })
    expect(useNotifications.getState().unread).toBe(2)
    socket.serverEmit('notif_unread', { unread: 'many' })
    socket.serverEmit('notif', { notification: { ...notification, link: 42 }, unread: 9 })
    expect(useNotifications.getState().unread).toBe(2)
    expect(useNotifications.getState().toasts).toEqual([])
  })
})
