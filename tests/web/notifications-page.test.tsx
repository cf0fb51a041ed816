import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadNotificationsCatalog } from '#src/features/notifications/catalog.ts'
import { NotificationBell } from '#src/features/notifications/components/notification-bell.tsx'
import { NotificationsScreen } from '#src/features/notifications/components/notifications-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi } from './helpers.tsx'
import { NOTIFICATIONS, notificationOf, pageOf, READ_ALL, readOne } from './notification-fixtures.ts'

beforeAll(() => loadNotificationsCatalog())

afterEach(() => {
  act(() => useSession.getState().clear())
})

const logIn = () =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf() as never }))

// 25 on the server, newest first; the four newest unread.
const ALL = Array.from({ length: 25 }, (_, index) =>
  notificationOf(100 - index, { status: index < 4 ? 'active' : 'read' }),
)

function serverWith(all = ALL, unread = 4) {
  return stubApi({
    // Pages by cursor as the server does: the cursor names the last one shown.
    [`GET ${NOTIFICATIONS}`]: ({ query }) => {
      const page = Number(query.get('page'))
      const perPage = Number(query.get('perPage'))
      const cursor = query.get('cursor')
      const start = cursor ? all.findIndex((one) => one.id === Number(cursor)) + 1 : (page - 1) * perPage
      const rows = all.slice(start, start + perPage)
      return pageOf(rows, {
        page,
        perPage,
        total: all.length,
        unread,
        next_cursor: start + perPage < all.length ? String(rows.at(-1)!.id) : null,
      })
    },
    [`PUT ${READ_ALL}`]: () => ({ json: { unread: 0 } }),
    [`PUT ${readOne(99)}`]: () => ({ json: { ...ALL[1], status: 'read' } }),
  })
}

const listed = () =>
  within(screen.getByRole('region', { name: 'Все уведомления' })).getAllByRole('link', {
    name: /Новый заказ/,
  })
const unreadOnes = () => listed().filter((link) => link.textContent?.startsWith('Не прочитано:'))

describe('/notifications', () => {
  it('lists 20 at a time, unread ones marked, and loads the rest on "show more"', async () => {
    logIn()
    const api = serverWith()
    const user = userEvent.setup()
    renderInApp(<NotificationsScreen />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Уведомления' })).toBeTruthy()
    await screen.findAllByRole('link', { name: /Новый заказ №100/ })
    expect(listed()).toHaveLength(20)
    expect(unreadOnes().map((link) => link.getAttribute('href'))).toEqual([
      '/order/100',
      '/order/99',
      '/order/98',
      '/order/97',
    ])
    expect(api.last('GET', NOTIFICATIONS)?.query.get('perPage')).toBe('20')
    await user.click(screen.getByRole('button', { name: 'Показать ещё уведомления' }))
    await waitFor(() => expect(listed()).toHaveLength(25))
    // The next page starts after the last one shown (id 81), whatever arrived meanwhile.
    expect(api.last('GET', NOTIFICATIONS)?.query.get('cursor')).toBe('81')
    expect(screen.queryByRole('button', { name: 'Показать ещё уведомления' })).toBeNull()
  })

  it('marks all read, on the page and on the bell', async () => {
    logIn()
    const api = serverWith()
    const user = userEvent.setup()
    renderInApp(
      <>
        <NotificationBell />
        <NotificationsScreen />
      </>,
    )
    expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 4' })).toBeTruthy()
    await waitFor(() => expect(unreadOnes()).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: 'Прочитать все' }))
    await waitFor(() => expect(unreadOnes()).toHaveLength(0))
    expect(api.last('PUT', READ_ALL)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeTruthy()
  })

  it('marks one read and goes where it leads', async () => {
    logIn()
    const api = serverWith()
    const user = userEvent.setup()
    const { router } = renderInApp(<NotificationsScreen />)
    await user.click(await screen.findByRole('link', { name: /Новый заказ №99/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/99'))
    await waitFor(() => expect(api.last('PUT', readOne(99))).toBeTruthy())
  })

  it('says there are none yet, with no "mark all read"', async () => {
    logIn()
    serverWith([], 0)
    renderInApp(<NotificationsScreen />)
    expect(await screen.findByText('Уведомлений пока нет.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Прочитать все' })).toBeNull()
  })

  it('says so when the list cannot be loaded, and tries again on request', async () => {
    logIn()
    let up = false
    stubApi({
      [`GET ${NOTIFICATIONS}`]: () =>
        up ? pageOf(ALL.slice(0, 3), { unread: 0 }) : { status: 500, json: {} },
    })
    const user = userEvent.setup()
    renderInApp(<NotificationsScreen />)
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить уведомления.')
    up = true
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(listed()).toHaveLength(3))
  })

  it('tells an offline reader that the list needs the network the first time', async () => {
    logIn()
    stubApi({ [`GET ${NOTIFICATIONS}`]: () => Promise.reject(new TypeError('Failed to fetch')) })
    renderInApp(<NotificationsScreen />)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Нет подключения к интернету, а ваши уведомления ещё не сохранены на этом устройстве.',
    )
  })

  it('shows what it is given above the list (the browser push offer)', async () => {
    logIn()
    serverWith()
    renderInApp(<NotificationsScreen intro={<p>Включите уведомления браузера</p>} />)
    expect(await screen.findByText('Включите уведомления браузера')).toBeTruthy()
  })
})
