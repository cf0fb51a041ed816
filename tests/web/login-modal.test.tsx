import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { LoginModal } from '#src/features/auth/components/login-modal.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const openLogin = () => act(() => useAuthModal.getState().show('login'))

describe('LoginModal', () => {
  it('focuses the phone 200 ms after opening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderInApp(<LoginModal />)
    openLogin()
    const phone = await screen.findByLabelText('Номер телефона')
    act(() => vi.advanceTimersByTime(150))
    expect(document.activeElement).not.toBe(phone)
    act(() => vi.advanceTimersByTime(60))
    expect(document.activeElement).toBe(phone)
  })

  it('offers the fields a phone fills by itself, each with a visible label', async () => {
    renderInApp(<LoginModal />)
    openLogin()
    const phone = await screen.findByLabelText('Номер телефона')
    expect(phone.getAttribute('autocomplete')).toBe('tel')
    expect(phone.getAttribute('inputmode')).toBe('tel')
    expect(screen.getByLabelText('Пароль').getAttribute('autocomplete')).toBe('current-password')
  })

  it('shows the spec messages for empty fields without calling the server', async () => {
    const api = stubApi({})
    const user = userEvent.setup()
    renderInApp(<LoginModal />)
    openLogin()
    await user.click(await screen.findByRole('button', { name: 'Войти как заказчик' }))
    expect(await screen.findByText('Укажите номер телефона')).toBeTruthy()
    expect(screen.getByText('Введите пароль')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it('logs in as executor with the phone as digits, keeps the session and goes to /account', async () => {
    const api = stubApi({
      [`POST ${V1}/auth/login`]: () => ({
        json: { token: 'access-1', profile: profileOf({ type: 'executor' }) },
      }),
    })
    const user = userEvent.setup()
    const { router } = renderInApp(<LoginModal />)
    openLogin()
    await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
    await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Войти как исполнитель' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('POST', `${V1}/auth/login`)?.body).toEqual({
      username: '998901234567',
      password: 'samarqand2026',
      type: 'executor',
    })
    expect(useSession.getState()).toMatchObject({ token: 'access-1', profile: { type: 'executor' } })
    expect(useAuthModal.getState().open).toBeNull()
  })

  it('shows an auth failure above the form', async () => {
    stubApi({
      [`POST ${V1}/auth/login`]: () => ({
        status: 400,
        json: errorBody('auth', 'wrong_credentials', 'Неверный номер телефона или пароль'),
      }),
    })
    const user = userEvent.setup()
    renderInApp(<LoginModal />)
    openLogin()
    await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
    await user.type(screen.getByLabelText('Пароль'), 'wrong2026')
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    expect((await screen.findAllByRole('alert')).map((node) => node.textContent)).toContain(
      'Неверный номер телефона или пароль',
    )
  })

  it('puts a server field error on its field and clears it when the field changes', async () => {
    stubApi({
      [`POST ${V1}/auth/login`]: () => ({
        status: 400,
        json: errorBody('validation', 'correct_pnone_number', 'Введите правильный номер', {
          username: ['Введите правильный номер'],
        }),
      }),
    })
    const user = userEvent.setup()
    renderInApp(<LoginModal />)
    openLogin()
    const phone = await screen.findByLabelText('Номер телефона')
    await user.type(phone, '901234567')
    await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    expect(await screen.findByText('Введите правильный номер')).toBeTruthy()
    await user.type(phone, '{backspace}8')
    await waitFor(() => expect(screen.queryByText('Введите правильный номер')).toBeNull())
  })

  it('switches to the reset view', async () => {
    const user = userEvent.setup()
    renderInApp(<LoginModal />)
    openLogin()
    await user.click(await screen.findByRole('button', { name: 'Забыли пароль?' }))
    expect(useAuthModal.getState().open).toBe('reset')
  })
})
