import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { RegistrationModal } from '#src/features/auth/components/registration-modal.tsx'
import { loadBonusCatalog } from '#src/features/bonus/catalog.ts'
import { BonusScreen } from '#src/features/bonus/components/bonus-screen.tsx'
import { rememberedInvite, rememberInvite, forgetInvite } from '#src/lib/invite.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { API, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(async () => {
  await loadBonusCatalog()
})

afterEach(() => {
  act(() => useSession.getState().clear())
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const URL_OF_INVITE = 'http://localhost:8080/signup?invite=1a-0123456789'
const BONUS = {
  invite_code: '1a-0123456789',
  invite_url: URL_OF_INVITE,
  days_earned: 7,
  bonus_days_per_invite: 7,
  invited_total: 2,
  invited: [
    { name: 'Aziz', joined_at: '2026-11-20T10:00:00.000Z', rewarded: true },
    { name: 'Malika', joined_at: '2026-11-21T10:00:00.000Z', rewarded: false },
  ],
}

describe('/bonus', () => {
  it('shows the invite link, copies it with "Copied" for one second, the days and the people invited', async () => {
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'executor' }) as never }),
    )
    stubApi({ [`GET ${V1}/wallet/bonus`]: () => ({ json: BONUS }) })
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderInApp(<BonusScreen />)

    const link = (await screen.findByRole('textbox', { name: 'Ссылка-приглашение' })) as HTMLInputElement
    expect(link.value).toBe(URL_OF_INVITE)
    expect(screen.getByText('Дней тарифа: 7')).toBeTruthy()
    expect(screen.getByText('Aziz')).toBeTruthy()
    expect(screen.getByText('Malika')).toBeTruthy()
    expect(screen.getByText('Бонус получен')).toBeTruthy()
    expect(screen.getByText('Ждём оплаты первого тарифа')).toBeTruthy()
    expect(screen.getByText(/вы оба получите 7 дней тарифа/)).toBeTruthy()

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Копировать' })))
    expect(writeText).toHaveBeenCalledWith(URL_OF_INVITE)
    expect(screen.getByText('Скопировано').getAttribute('role')).toBe('status')
    act(() => vi.advanceTimersByTime(999))
    expect(screen.getByText('Скопировано')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Скопировано')).toBeNull()
  })

  it('says when no one is invited yet', async () => {
    stubApi({
      [`GET ${V1}/wallet/bonus`]: () => ({
        json: { ...BONUS, days_earned: 0, invited: [], invited_total: 0 },
      }),
    })
    renderInApp(<BonusScreen />)
    expect(await screen.findByText('По вашей ссылке ещё никто не зарегистрировался.')).toBeTruthy()
    expect(screen.getByText('Дней тарифа: 0')).toBeTruthy()
  })

  it('keeps a well-formed invite code from /signup for the registration form', () => {
    forgetInvite()
    rememberInvite('nonsense')
    expect(rememberedInvite()).toBeNull()
    rememberInvite('1A-0123456789')
    expect(rememberedInvite()).toBe('1a-0123456789')
    forgetInvite()
    expect(rememberedInvite()).toBeNull()
  })

  it('keeps the code of an invite link when /signup opens', async () => {
    forgetInvite()
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: ['/signup?invite=1a-0123456789'] }),
    })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    await waitFor(() => expect(rememberedInvite()).toBe('1a-0123456789'))
    forgetInvite()
  })

  it('the registration form sends the invite kept from /signup, then forgets it', async () => {
    rememberInvite('1a-0123456789')
    const api = stubApi({
      [`GET ${API}/sms/check`]: () => ({ json: { status: false } }),
      [`POST ${API}/sms/send`]: () => ({ json: { status: true, required_id: 'rid', retry_after: 59 } }),
      [`POST ${API}/sms/verify`]: () => ({ json: { isChecked: true } }),
      [`POST ${V1}/auth/register`]: () => ({
        json: { token: 'access-1', profile: profileOf({ type: 'executor' }) },
      }),
    })
    const user = userEvent.setup()
    const { router } = renderInApp(<RegistrationModal />)
    act(() => useAuthModal.getState().show('registration'))
    await user.type(await screen.findByLabelText('Имя'), 'Dilnoza')
    await user.type(screen.getByLabelText('Фамилия'), 'Rahimova')
    await user.type(screen.getByLabelText('Номер телефона'), '901234567')
    await user.click(screen.getByRole('button', { name: 'Получить код' }))
    await user.type(await screen.findByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Пароль'), 'samarqand2026')
    await user.type(screen.getByLabelText('Повторите пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как исполнитель' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('POST', `${V1}/auth/register`)?.body).toMatchObject({ invite: '1a-0123456789' })
    expect(rememberedInvite()).toBeNull()
  })
})
