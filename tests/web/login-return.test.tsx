import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { localPath } from '#src/features/auth/return-to.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

/** The real app (root layout, guards and routes) at `path`, as a typed address or a shared link opens it. */
function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog')
  await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
  await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
  await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
  await waitFor(() => expect(dialog.isConnected).toBe(false))
}

describe('login returns to where the person was', () => {
  beforeEach(() => {
    useSession.getState().clear()
    act(() => useAuthModal.getState().close())
    stubApi({ [`POST ${V1}/auth/login`]: () => ({ json: { token: 'access-1', profile: profileOf() } }) })
    // The home page's lower sections wait to be scrolled to; jsdom has no observer and nobody scrolls here.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })

  it('asks a guest who opens a page for members to log in, then shows that page', async () => {
    const user = userEvent.setup()
    const router = openApp('/bonus?tab=invite')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await logIn(user)
    await waitFor(() => expect(router.state.location.href).toBe('/bonus?tab=invite'))
  })

  it('leaves a person who logs in from the header on the page they were reading', async () => {
    const user = userEvent.setup()
    const router = openApp('/support')
    await user.click(await screen.findByRole('button', { name: 'Войти' }))
    await logIn(user)
    expect(router.state.location.pathname).toBe('/support')
    expect(useSession.getState().token).toBe('access-1')
  })

  it('goes to /account, never to another site, when the return address is not a page of this one', async () => {
    const user = userEvent.setup()
    const router = openApp('/?modal=login&redirect=%2F%2Fevil.example%2Faccount')
    await logIn(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(router.state.location.href).not.toContain('evil')
  })
})

describe('localPath', () => {
  it.each([
    ['/wallet?x=1', '/wallet?x=1'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['/\t/evil.example', undefined],
    ['https://evil.example', undefined],
    ['javascript:alert(1)', undefined],
    [42, undefined],
  ])('reads %j as %j', (value, expected) => {
    expect(localPath(value)).toBe(expected)
  })
})
