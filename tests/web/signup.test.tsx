import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { forgetInvite } from '#src/lib/invite.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { API, profileOf, stubApi, V1 } from './helpers.tsx'

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

describe('/signup', () => {
  beforeEach(() => {
    useSession.getState().clear()
    act(() => useAuthModal.getState().close())
    forgetInvite()
  })

  it('registers a specialist in the app, in executor mode, with the invite link’s code, then opens the profile', async () => {
    const api = stubApi({
      [`GET ${API}/sms/check`]: () => ({ json: { status: false } }),
      [`POST ${API}/sms/send`]: () => ({ json: { status: true, required_id: 'rid', retry_after: 59 } }),
      [`POST ${API}/sms/verify`]: () => ({ json: { isChecked: true } }),
      [`POST ${V1}/auth/register`]: () => ({
        json: { token: 'access-1', profile: profileOf({ type: 'executor' }) },
      }),
    })
    const user = userEvent.setup()
    const router = openApp('/signup?invite=1a-0123456789')
    expect((await screen.findByRole('link', { name: 'Открыть бота' })).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\//,
    )
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как специалист' }))
    await user.type(await screen.findByLabelText('Имя'), 'Dilnoza')
    await user.type(screen.getByLabelText('Фамилия'), 'Rahimova')
    await user.type(screen.getByLabelText('Номер телефона'), '901234567')
    await user.click(screen.getByRole('button', { name: 'Получить код' }))
    await user.type(await screen.findByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Пароль'), 'samarqand2026')
    await user.type(screen.getByLabelText('Повторите пароль'), 'samarqand2026')
    // The executor mode comes first: Enter chooses it.
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('POST', `${V1}/auth/register`)?.body).toMatchObject({
      type: 'executor',
      invite: '1a-0123456789',
    })
  })
})
