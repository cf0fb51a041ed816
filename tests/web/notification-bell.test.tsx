import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Header } from '#src/features/layout/components/header.tsx'
import { loadNotificationsCatalog } from '#src/features/notifications/catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi } from './helpers.tsx'
import { NOTIFICATIONS, notificationOf, pageOf, READ_ALL, readOne } from './notification-fixtures.ts'

// The header's member part is a lazy chunk of its own: loaded here once, so the first test waits for the count
// from the server, as it says, and not for a cold import on a busy machine.
beforeAll(async () => {
  await loadNotificationsCatalog()
  await import('#src/features/member-menu/member-header.tsx')
})

const logIn = () =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf() as never }))

afterEach(() => {
  act(() => useSession.getState().clear())
})

// Seven on the server, three unread: the bell lists the newest five.
const newest = [
  notificationOf(17),
  notificationOf(16, {
    type_push: 'order_reply',
    message: 'Азиз откликнулся на ваш заказ',
    link: '/order/3',
  }),
  notificationOf(15),
  notificationOf(14, { status: 'read' }),
  notificationOf(13, { status: 'read', avatar: '/uploads/aziz.webp' }),
]

function serverWithSeven() {
  return stubApi({
    [`GET ${NOTIFICATIONS}`]: () => pageOf(newest, { total: 7, unread: 3 }),
    [`PUT ${readOne(16)}`]: () => ({ json: { ...newest[1], status: 'read' } }),
    [`PUT ${READ_ALL}`]: () => ({ json: { unread: 0 } }),
  })
}

const bell = (name: string | RegExp = /^Уведомления/) => screen.findByRole('button', { name })

describe('the notification bell', () => {
  it('shows the unread count from the server as soon as the header is there', async () => {
    logIn()
    const api = serverWithSeven()
    renderInApp(<Header />)
    const button = await bell('Уведомления, непрочитанных: 3')
    expect(button.textContent).toBe('3')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(api.last('GET', NOTIFICATIONS)?.query.get('perPage')).toBe('5')
  })

  it('opens the newest five, unread ones marked, with the way to all of them', async () => {
    logIn()
    const api = serverWithSeven()
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await bell('Уведомления, непрочитанных: 3'))
    const panel = await screen.findByRole('region', { name: 'Уведомления' })
    await waitFor(() => expect(api.calls.filter((call) => call.path === NOTIFICATIONS)).toHaveLength(2))
    const links = within(panel).getAllByRole('link', { name: /Новый заказ|Азиз/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/order/17',
      '/order/3',
      '/order/15',
      '/order/14',
      '/order/13',
    ])
    expect(links.map((link) => link.textContent?.startsWith('Не прочитано:'))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
    expect(links[0]!.textContent).toContain('5 мин назад')
    expect(within(panel).getByRole('link', { name: 'Все уведомления' }).getAttribute('href')).toBe(
      '/notifications',
    )
  })

  it('marks a notification read on the server and goes to its link when it is clicked', async () => {
    logIn()
    const api = serverWithSeven()
    const user = userEvent.setup()
    const { router } = renderInApp(<Header />)
    await user.click(await bell('Уведомления, непрочитанных: 3'))
    await user.click(await screen.findByRole('link', { name: /Азиз откликнулся/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/3'))
    await waitFor(() => expect(api.last('PUT', readOne(16))).toBeTruthy())
    expect(screen.queryByRole('region', { name: 'Уведомления' })).toBeNull()
    expect(await bell('Уведомления, непрочитанных: 2')).toBeTruthy()
  })

  it('marks them all read and clears the count', async () => {
    logIn()
    const api = serverWithSeven()
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await bell('Уведомления, непрочитанных: 3'))
    const panel = await screen.findByRole('region', { name: 'Уведомления' })
    await user.click(within(panel).getByRole('button', { name: 'Прочитать все' }))
    expect(await bell('Уведомления')).toBeTruthy()
    expect(api.last('PUT', READ_ALL)).toBeTruthy()
    const links = within(panel).getAllByRole('link', { name: /Новый заказ|Азиз/ })
    expect(links.some((link) => link.textContent?.startsWith('Не прочитано:'))).toBe(false)
  })

  it('closes with Escape and gives the focus back to the bell', async () => {
    logIn()
    serverWithSeven()
    const user = userEvent.setup()
    renderInApp(<Header />)
    const button = await bell('Уведомления, непрочитанных: 3')
    await user.click(button)
    await screen.findByRole('link', { name: /Азиз откликнулся/ })
    await user.tab()
    expect(document.activeElement?.textContent).toContain('Новый заказ №17')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Уведомления' })).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('says so when the list cannot be loaded, and loads it on "try again"', async () => {
    logIn()
    let up = false
    stubApi({
      [`GET ${NOTIFICATIONS}`]: () => (up ? pageOf(newest, { unread: 3 }) : { status: 500, json: {} }),
    })
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await bell('Уведомления'))
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить уведомления.')
    up = true
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByRole('link', { name: /Азиз откликнулся/ })).toBeTruthy()
  })
})
