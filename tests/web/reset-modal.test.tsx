import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { AuthModals } from '#src/features/auth/components/auth-modals.tsx'
import { ResetModal } from '#src/features/auth/components/reset-modal.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { API, errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const REQUIRED_ID = '0b7f2c1e-0000-4000-8000-1234567890ab'

function resetApi(options: { registered?: boolean } = {}) {
  return stubApi({
    [`GET ${API}/sms/check`]: () => ({ json: { status: options.registered ?? true } }),
    [`POST ${API}/sms/send`]: () => ({ json: { status: true, required_id: REQUIRED_ID, retry_after: 59 } }),
    [`POST ${API}/sms/verify`]: ({ body }) =>
      (body as { code: string }).code === '7390'
        ? { json: { isChecked: true } }
        : {
            status: 400,
            json: errorBody('validation', 'wrong_sms_code', 'Неверный код из SMS, попробуйте ещё раз'),
          },
    [`POST ${V1}/auth/password`]: () => ({ json: { status: true, token: 'access-2', profile: profileOf() } }),
  })
}

async function startReset(user: ReturnType<typeof userEvent.setup>) {
  act(() => useAuthModal.getState().show('reset'))
  await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
  await user.click(screen.getByRole('button', { name: 'Получить код' }))
}

/** The page as a reload leaves it: nothing mounted, no modal open, only what the tab keeps (sessionStorage). */
function reload(view: { unmount: () => void }) {
  view.unmount()
  act(() => useAuthModal.setState({ open: null, used: [], stayOnPage: false, phone: '' }))
  return renderInApp(<AuthModals loggedIn={false} />)
}

describe('ResetModal', () => {
  it('resets in three steps, sending the phone without 998 on every call, and logs in as customer', async () => {
    const api = resetApi()
    const user = userEvent.setup()
    const { router } = renderInApp(<ResetModal />)
    await startReset(user)
    await user.type(await screen.findByLabelText('Код из SMS'), '7390')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Новый пароль'), 'navoiy2027')
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'navoiy2027')
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль и войти' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('GET', `${API}/sms/check`)?.query.get('phone')).toBe('901234567')
    expect(api.last('POST', `${API}/sms/send`)?.body).toEqual({ phone: '901234567', type: 'reset_pass' })
    expect(api.last('POST', `${V1}/auth/password`)?.body).toEqual({
      phone: '901234567',
      username: '901234567',
      password: 'navoiy2027',
      password_confirmation: 'navoiy2027',
      smsCode: '7390',
      type: 'customer',
      required_id: REQUIRED_ID,
    })
    expect(useSession.getState().token).toBe('access-2')
  })

  it('shows user_not_reg for a phone nobody registered', async () => {
    const api = resetApi({ registered: false })
    const user = userEvent.setup()
    renderInApp(<ResetModal />)
    await startReset(user)
    expect(await screen.findByText('Пользователь не зарегистрирован')).toBeTruthy()
    expect(api.last('POST', `${API}/sms/send`)).toBeUndefined()
  })

  it('shows the countdown as 00:NN, then a link to send the code again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = resetApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderInApp(<ResetModal />)
    await startReset(user)
    expect(await screen.findByText(/00:59/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(50_000))
    expect(await screen.findByText(/00:0[89]/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(10_000))
    await user.click(await screen.findByRole('button', { name: 'Отправить код ещё раз' }))
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${API}/sms/send`)).toHaveLength(2))
    expect(await screen.findByText(/00:59/)).toBeTruthy()
  })

  it('shows wrong_sms_code and stays on the code step', async () => {
    resetApi()
    const user = userEvent.setup()
    renderInApp(<ResetModal />)
    await startReset(user)
    await user.type(await screen.findByLabelText('Код из SMS'), '1234')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByText('Неверный код из SMS, попробуйте ещё раз')).toBeTruthy()
    expect(screen.getByText('Шаг 2 из 3')).toBeTruthy()
  })

  it('comes back to the code step after a reload, also from the password step, and resets with the same code id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = resetApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    let page = renderInApp(<AuthModals loggedIn={false} />)
    await startReset(user)
    expect(await screen.findByText(/00:59/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(20_000))

    page = reload(page)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    expect(screen.getByText('Мы отправили 4-значный код на номер +998 90 123-45-67.')).toBeTruthy()
    expect(screen.getByText(/00:(38|39)/)).toBeTruthy()
    await user.type(screen.getByLabelText('Код из SMS'), '7390')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByLabelText('Новый пароль')).toBeTruthy()

    // The code typed is not kept in the tab: after a reload on the password step it is asked for again.
    reload(page)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    await user.type(screen.getByLabelText('Код из SMS'), '7390')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Новый пароль'), 'navoiy2027')
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'navoiy2027')
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль и войти' }))
    await waitFor(() => expect(useSession.getState().token).toBe('access-2'))
    expect(api.last('POST', `${V1}/auth/password`)?.body).toMatchObject({
      phone: '901234567',
      smsCode: '7390',
      required_id: REQUIRED_ID,
    })
    expect(api.calls.filter((call) => call.path === `${API}/sms/send`)).toHaveLength(1)
    useSession.getState().clear()
  })
})
