import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { loginFromMiniApp } from '#src/features/auth/mini-app-launch.ts'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, stubApi, V1 } from './helpers.tsx'

const LOGIN_PATH = `${V1}/auth/telegram`

/** Telegram's signed launch data, as a Mini App receives it: a query string whose values are URL-encoded. */
const INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Dilnoza%20R%2B%22%7D' +
  '&auth_date=1762771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2'

/** The hash Telegram opens the app with: its data encoded once more, and the rest of its launch parameters. */
const LAUNCH_HASH =
  `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=android` +
  `&tgWebAppThemeParams=${encodeURIComponent('{"bg_color":"#ffffff"}')}`

/** The app's router as far as the Mini App needs it (home, the orders, the profile), at `href`. */
function openApp(href: string) {
  const root = createRootRoute({ component: Outlet })
  const page = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p data-testid="page">{path}</p> })
  const router = createRouter({
    routeTree: root.addChildren([page('/'), page('/orders'), page('/account')]),
    history: createMemoryHistory({ initialEntries: [href] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const loginCalls = (server: ReturnType<typeof stubApi>) =>
  server.calls.filter((call) => call.path === LOGIN_PATH)

// The session store outlives a test; each one starts logged out.
beforeEach(() => useSession.getState().clear())

describe('the Telegram Mini App login', () => {
  it('makes no call and shows nothing when the app is opened by a plain address', async () => {
    const server = stubApi({})
    const router = openApp('/#how-it-works')
    await loginFromMiniApp(router)
    expect(server.calls).toHaveLength(0)
    expect(router.history.location.hash).toBe('#how-it-works')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('logs in once with the launch data as `tma`, takes it out of the address and opens the orders', async () => {
    const profile = profileOf({ telegram_id: '279058397' })
    const server = stubApi({ [`POST ${LOGIN_PATH}`]: () => ({ json: { token: 'telegram-token', profile } }) })
    const router = openApp(`/${LAUNCH_HASH}`)
    await loginFromMiniApp(router)

    const calls = loginCalls(server)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.headers.get('authorization')).toBe(`tma ${INIT_DATA}`)
    expect(calls[0]!.body).toBeUndefined()
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(router.history.location.href).not.toContain('tgWebApp')
    expect(useSession.getState().token).toBe('telegram-token')
    expect(useSession.getState().profile).toEqual(profile)
    expect(screen.queryByRole('status', { name: /Telegram/ })).toBeNull()
  })

  it('explains how to link a Telegram account that is not linked yet, with the normal login at hand', async () => {
    const server = stubApi({
      [`POST ${LOGIN_PATH}`]: () => ({
        status: 404,
        json: errorBody('not_found', 'telegram_not_linked', 'Этот Telegram не привязан к аккаунту Fika'),
      }),
    })
    const router = openApp(`/${LAUNCH_HASH}`)
    await loginFromMiniApp(router)

    const dialog = await screen.findByRole('dialog', { name: 'Этот аккаунт Telegram ещё не привязан' })
    expect(within(dialog).getByText('Откройте «Профиль» → «Настройки».')).toBeTruthy()
    expect(
      within(dialog).getByText('Нажмите «Подключить Telegram» и откройте ссылку в Telegram.'),
    ).toBeTruthy()
    expect(loginCalls(server)).toHaveLength(1)
    expect(router.history.location.href).toBe('/')
    expect(router.state.location.pathname).toBe('/')
    expect(useSession.getState().token).toBeNull()
    const { violations } = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } })
    expect(violations.map((violation) => violation.id)).toEqual([])

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Войти' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useAuthModal.getState()).toMatchObject({ open: 'login', returnTo: '/account#settings' })
    useAuthModal.getState().close()
  })

  it('asks to reopen the app from the bot when the server cannot check the launch data', async () => {
    const server = stubApi({
      [`POST ${LOGIN_PATH}`]: () => ({
        status: 401,
        json: errorBody('auth', 'unauthorized', 'Не удалось проверить данные Telegram'),
      }),
    })
    const router = openApp(`/orders${LAUNCH_HASH}`)
    await loginFromMiniApp(router)

    const dialog = await screen.findByRole('dialog', { name: 'Не удалось проверить вход через Telegram' })
    expect(within(dialog).getByText(/Закройте приложение и снова откройте его из бота/)).toBeTruthy()
    // A refused Telegram login is not an expired session: nothing is refreshed.
    expect(server.calls.map((call) => call.path)).toEqual([LOGIN_PATH])
    expect(router.history.location.href).toBe('/orders')

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Понятно' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("logs in with the bot's single-use link, keeping the rest of the address, and says when it is spent", async () => {
    const LINK_PATH = `${V1}/auth/telegram/login-link`
    const token = 'Ab3_'.repeat(10) + 'xyz'
    const profile = profileOf({ telegram_id: '279058397' })
    const server = stubApi({ [`POST ${LINK_PATH}`]: () => ({ json: { token: 'link-session', profile } }) })
    const router = openApp(`/orders#fikaLogin=${token}`)
    await loginFromMiniApp(router)
    expect(server.calls.filter((call) => call.path === LINK_PATH).map((call) => call.body)).toEqual([
      { token },
    ])
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(router.history.location.href).not.toContain('fikaLogin')
    expect(useSession.getState().token).toBe('link-session')

    useSession.getState().clear()
    stubApi({
      [`POST ${LINK_PATH}`]: () => ({
        status: 401,
        json: errorBody('auth', 'unauthorized', 'Войдите снова'),
      }),
    })
    const again = openApp(`/orders#fikaLogin=${token}`)
    await loginFromMiniApp(again)
    const dialog = await screen.findByRole('dialog', { name: 'Эта ссылка для входа больше не работает' })
    expect(within(dialog).getByText(/Напишите боту \/start/)).toBeTruthy()
    expect(useSession.getState().token).toBeNull()
    expect(
      (await axe.run(dialog)).violations.filter(
        (one) => one.impact === 'serious' || one.impact === 'critical',
      ),
    ).toEqual([])
  })
})
