import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadNotificationsCatalog } from '#src/features/notifications/catalog.ts'
import { NotificationCenter } from '#src/features/notifications/components/notification-center.tsx'
import { stopRealtime } from '#src/features/notifications/realtime.ts'
import { useSession } from '#src/lib/session-store.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, renderInApp, stubApi } from './helpers.tsx'
import { NOTIFICATIONS, notificationOf, pageOf, readOne } from './notification-fixtures.ts'

beforeAll(() => loadNotificationsCatalog())

afterEach(() => {
  act(() => {
    stopRealtime()
    useSession.getState().clear()
  })
  sockets.length = 0
})

const logIn = () => useSession.getState().setSession({ token: 'access', profile: profileOf() as never })

const reply = notificationOf(21, {
  type_push: 'order_reply',
  message: 'Азиз откликнулся на ваш заказ',
  link: '/order/3',
  created_at: new Date().toISOString(),
})

/** The header's notifications with one unread on the server, connected. */
async function connected() {
  logIn()
  const api = stubApi({
    [`GET ${NOTIFICATIONS}`]: () => pageOf([notificationOf(20)], { unread: 1 }),
    [`PUT ${readOne(21)}`]: () => ({ json: { ...reply, status: 'read' } }),
  })
  const view = renderInApp(<NotificationCenter />)
  await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 1' })
  // The socket starts after the first screen (tested below); here the page has long loaded.
  await waitFor(() => expect(sockets).toHaveLength(1), { timeout: 5_000 })
  const socket = sockets[0]!
  act(() => socket.accept())
  return { ...view, api, socket }
}

const toasts = () => screen.getByRole('log', { name: 'Новые уведомления' })

describe('notification toasts', () => {
  it('starts the socket only after the first screen, with the count already loaded', async () => {
    vi.useFakeTimers()
    logIn()
    stubApi({ [`GET ${NOTIFICATIONS}`]: () => pageOf([notificationOf(20)], { unread: 1 }) })
    renderInApp(<NotificationCenter />)
    await act(() => vi.advanceTimersByTimeAsync(2_900))
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 1' })).toBeTruthy()
    expect(sockets).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(200))
    await vi.waitFor(() => expect(sockets).toHaveLength(1))
    expect(sockets[0]!.connect).toHaveBeenCalledOnce()
  })

  it('counts a notif from the socket on the bell and shows it for 10 seconds', async () => {
    const { socket } = await connected()
    vi.useFakeTimers()
    act(() => socket.serverEmit('notif', { notification: reply, unread: 2 }))
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeTruthy()
    const toast = within(toasts()).getByRole('link', { name: /Азиз откликнулся на ваш заказ/ })
    expect(toast.textContent).toContain('только что')
    act(() => vi.advanceTimersByTime(9_999))
    expect(within(toasts()).queryByRole('link', { name: /Азиз/ })).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(within(toasts()).queryByRole('link', { name: /Азиз/ })).toBeNull()
    // Gone from the screen, not from the count.
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeTruthy()
  })

  it('stacks several, and keeps one while it has the keyboard focus', async () => {
    const { socket } = await connected()
    vi.useFakeTimers()
    act(() => socket.serverEmit('notif', { notification: reply, unread: 2 }))
    act(() => vi.advanceTimersByTime(4_000))
    act(() => socket.serverEmit('notif', { notification: notificationOf(22), unread: 3 }))
    expect(within(toasts()).getAllByRole('link')).toHaveLength(2)
    const second = within(toasts()).getByRole('link', { name: /Новый заказ №22/ })
    fireEvent.focus(second)
    act(() => vi.advanceTimersByTime(20_000))
    expect(
      within(toasts())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/order/22'])
    fireEvent.blur(second)
    act(() => vi.advanceTimersByTime(10_000))
    expect(within(toasts()).queryAllByRole('link')).toHaveLength(0)
  })

  it('marks it read and goes to its link when clicked', async () => {
    const { socket, api, router } = await connected()
    const user = userEvent.setup()
    act(() => socket.serverEmit('notif', { notification: reply, unread: 2 }))
    await user.click(within(toasts()).getByRole('link', { name: /Азиз откликнулся/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/3'))
    await waitFor(() => expect(api.last('PUT', readOne(21))).toBeTruthy())
    expect(within(toasts()).queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 1' })).toBeTruthy()
  })

  it('closes with its close button, leaving it unread', async () => {
    const { socket, api } = await connected()
    const user = userEvent.setup()
    act(() => socket.serverEmit('notif', { notification: reply, unread: 2 }))
    await user.click(within(toasts()).getByRole('button', { name: 'Закрыть уведомление' }))
    expect(within(toasts()).queryByRole('link')).toBeNull()
    expect(api.last('PUT', readOne(21))).toBeUndefined()
    expect(screen.getByRole('button', { name: 'Уведомления, непрочитанных: 2' })).toBeTruthy()
  })
})
