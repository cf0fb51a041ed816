import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { LoginModal } from '#src/features/auth/components/login-modal.tsx'
import { ResetModal } from '#src/features/auth/components/reset-modal.tsx'
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

  it('keeps a password typed 50 ms after opening in the password field and logs in with both', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = stubApi({
      [`POST ${V1}/auth/login`]: () => ({ json: { token: 'access-1', profile: profileOf() } }),
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = renderInApp(<LoginModal />)
    openLogin()
    const password = (await screen.findByLabelText('Пароль')) as HTMLInputElement
    const phone = screen.getByLabelText('Номер телефона') as HTMLInputElement
    act(() => vi.advanceTimersByTime(50))
    await user.click(password)
    await user.keyboard('samar')
    // The phone's own focus time passes while the person is still typing the password.
    act(() => vi.advanceTimersByTime(300))
    await user.keyboard('qand2026')
    expect(document.activeElement).toBe(password)
    expect(password.value).toBe('samarqand2026')
    expect(phone.value).toBe('')
    await user.type(phone, '901234567')
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('POST', `${V1}/auth/login`)?.body).toEqual({
      username: '998901234567',
      password: 'samarqand2026',
      type: 'customer',
    })
  })

  it('takes away a refused login message when the person edits a field or tries again', async () => {
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
    const password = screen.getByLabelText('Пароль')
    await user.type(password, 'wrong2026')
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    expect(await screen.findByText('Неверный номер телефона или пароль')).toBeTruthy()
    await user.type(password, '7')
    expect(screen.queryByText('Неверный номер телефона или пароль')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    expect(await screen.findByText('Неверный номер телефона или пароль')).toBeTruthy()
    // A new attempt that the form's own checks stop shows only what is wrong now.
    await user.clear(password)
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    expect(await screen.findByText('Введите пароль')).toBeTruthy()
    expect(screen.queryByText('Неверный номер телефона или пароль')).toBeNull()
  })

  it('carries the phone typed in the login view over to the reset view', async () => {
    const user = userEvent.setup()
    renderInApp(
      <>
        <LoginModal />
        <ResetModal />
      </>,
    )
    openLogin()
    await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }))
    expect(await screen.findByText('Шаг 1 из 3')).toBeTruthy()
    expect((screen.getByLabelText('Номер телефона') as HTMLInputElement).value).toBe('+998 90 123-45-67')
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
