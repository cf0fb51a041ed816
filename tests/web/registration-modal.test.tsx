import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { AuthModals } from '#src/features/auth/components/auth-modals.tsx'
import { RegistrationModal } from '#src/features/auth/components/registration-modal.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { API, errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const REQUIRED_ID = '6f1c9d54-2b1a-4c1e-9a8e-1f1f1f1f1f1f'

function registrationApi(options: { registered?: boolean } = {}) {
  return stubApi({
    [`GET ${API}/sms/check`]: () => ({ json: { status: options.registered ?? false } }),
    [`POST ${API}/sms/send`]: () => ({ json: { status: true, required_id: REQUIRED_ID, retry_after: 59 } }),
    [`POST ${API}/sms/verify`]: ({ body }) =>
      (body as { code: string }).code === '4821'
        ? { json: { isChecked: true } }
        : {
            status: 400,
            json: errorBody('validation', 'wrong_sms_code', 'Неверный код из SMS, попробуйте ещё раз', {
              code: ['Неверный код из SMS, попробуйте ещё раз'],
            }),
          },
    [`POST ${V1}/auth/register`]: ({ body }) => ({
      json: { token: 'access-1', profile: profileOf({ type: (body as { type: string }).type }) },
    }),
  })
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  act(() => useAuthModal.getState().show('registration'))
  await user.type(await screen.findByLabelText('Имя'), 'Dilnoza')
  await user.type(screen.getByLabelText('Фамилия'), 'Rahimova')
  await user.type(screen.getByLabelText('Номер телефона'), '901234567')
  await user.click(screen.getByRole('button', { name: 'Получить код' }))
}

/** The modals as the app's layout draws them: for visitors only. */
function AppModals() {
  const loggedIn = useSession((state) => state.token !== null)
  return <AuthModals loggedIn={loggedIn} />
}

/** The page as a reload leaves it: nothing mounted, no modal open, only what the tab keeps (sessionStorage). */
function reload(view: { unmount: () => void }) {
  view.unmount()
  act(() => useAuthModal.setState({ open: null, used: [], stayOnPage: false, phone: '' }))
  return renderInApp(<AppModals />)
}

/** Nothing opened by itself once the page and any modal code it asked for are in. */
async function expectNoModal() {
  await screen.findByTestId('page')
  await act(() => vi.dynamicImportSettled())
  expect(screen.queryByRole('dialog')).toBeNull()
}

const smsSent = (api: ReturnType<typeof registrationApi>) =>
  api.calls.filter((call) => call.path === `${API}/sms/send`).length

describe('RegistrationModal', () => {
  // A test that registers leaves its session in the store; each test starts as a visitor.
  beforeEach(() => useSession.getState().clear())

  it('goes through the three steps and registers as executor', async () => {
    const api = registrationApi()
    const user = userEvent.setup()
    const { router } = renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    expect(api.last('POST', `${API}/sms/send`)?.body).toEqual({ phone: '998901234567', type: 'register' })

    await user.type(screen.getByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByText('Шаг 3 из 3')).toBeTruthy()
    expect(screen.getByLabelText('Пароль').getAttribute('autocomplete')).toBe('new-password')

    await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
    await user.type(screen.getByLabelText('Повторите пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как исполнитель' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(api.last('POST', `${V1}/auth/register`)?.body).toEqual({
      name: 'Dilnoza',
      surname: 'Rahimova',
      patronymic: null,
      email: null,
      username: '998901234567',
      password: 'samarqand2026',
      password_confirmation: 'samarqand2026',
      type: 'executor',
      required_id: REQUIRED_ID,
    })
    expect(useSession.getState().profile?.type).toBe('executor')
  })

  it('asks for an optional patronymic and e-mail, and sends them with the registration', async () => {
    const api = registrationApi()
    const user = userEvent.setup()
    renderInApp(<RegistrationModal />)
    act(() => useAuthModal.getState().show('registration'))
    await user.type(await screen.findByLabelText('Имя'), 'Dilnoza')
    await user.type(screen.getByLabelText('Фамилия'), 'Rahimova')
    await user.type(screen.getByLabelText('Отчество (необязательно)'), 'Akmalovna')
    const email = screen.getByLabelText('Эл. почта (необязательно)')
    expect(email.getAttribute('type')).toBe('email')
    await user.type(email, 'dilnoza@')
    await user.type(screen.getByLabelText('Номер телефона'), '901234567')
    await user.click(screen.getByRole('button', { name: 'Получить код' }))
    expect(await screen.findByText('Введите правильный адрес эл. почты')).toBeTruthy()
    expect(smsSent(api)).toBe(0)

    await user.type(email, 'mail.uz')
    await user.click(screen.getByRole('button', { name: 'Получить код' }))
    await user.type(await screen.findByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Пароль'), 'samarqand2026')
    await user.type(screen.getByLabelText('Повторите пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как заказчик' }))
    await waitFor(() =>
      expect(api.last('POST', `${V1}/auth/register`)?.body).toMatchObject({
        patronymic: 'Akmalovna',
        email: 'dilnoza@mail.uz',
        type: 'customer',
      }),
    )
  })

  it('labels the name fields for autofill and limits them to 25 characters', async () => {
    registrationApi()
    renderInApp(<RegistrationModal />)
    act(() => useAuthModal.getState().show('registration'))
    const name = await screen.findByLabelText('Имя')
    expect(name.getAttribute('autocomplete')).toBe('given-name')
    expect(screen.getByLabelText('Фамилия').getAttribute('autocomplete')).toBe('family-name')
    expect(name.getAttribute('maxlength')).toBe('25')
  })

  it('shows user_with_this_number on the phone when it is registered, and sends no code', async () => {
    const api = registrationApi({ registered: true })
    const user = userEvent.setup()
    renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    expect(await screen.findByText('Пользователь с таким номером уже существует')).toBeTruthy()
    expect(api.last('POST', `${API}/sms/send`)).toBeUndefined()
  })

  it('shows a wrong code on the code field', async () => {
    registrationApi()
    const user = userEvent.setup()
    renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    await user.type(await screen.findByLabelText('Код из SMS'), '1111')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByText('Неверный код из SMS, попробуйте ещё раз')).toBeTruthy()
    expect(screen.getByText('Шаг 2 из 3')).toBeTruthy()
  })

  it('counts 59 seconds down before it offers a new code, and starts again after resending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = registrationApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    expect(await screen.findByText('Новый код можно запросить через 59 с')).toBeTruthy()
    act(() => vi.advanceTimersByTime(30_000))
    expect(await screen.findByText(/через (29|30) с/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Отправить код ещё раз' })).toBeNull()
    act(() => vi.advanceTimersByTime(30_000))
    await user.click(await screen.findByRole('button', { name: 'Отправить код ещё раз' }))
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${API}/sms/send`)).toHaveLength(2))
    expect(await screen.findByText('Новый код можно запросить через 59 с')).toBeTruthy()
  })

  it('keeps its step while closing and starts over 500 ms after it closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    registrationApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    act(() => useAuthModal.getState().close())
    act(() => vi.advanceTimersByTime(400))
    act(() => useAuthModal.getState().show('registration'))
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    act(() => useAuthModal.getState().close())
    act(() => vi.advanceTimersByTime(500))
    act(() => useAuthModal.getState().show('registration'))
    expect(await screen.findByText('Шаг 1 из 3')).toBeTruthy()
    expect((screen.getByLabelText('Имя') as HTMLInputElement).value).toBe('')
  })

  it('keeps what is typed into the modal opened again within the 500 ms of its reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    registrationApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderInApp(<RegistrationModal />)
    act(() => useAuthModal.getState().show('registration'))
    await user.type(await screen.findByLabelText('Имя'), 'Dil')
    act(() => useAuthModal.getState().close())
    act(() => vi.advanceTimersByTime(300))
    act(() => useAuthModal.getState().show('registration'))
    await user.type(await screen.findByLabelText('Имя'), 'noza')
    act(() => vi.advanceTimersByTime(600))
    expect((screen.getByLabelText('Имя') as HTMLInputElement).value).toBe('Dilnoza')
  })

  it('shows the number on the code step as +998 93 555-01-01 however it was entered', async () => {
    registrationApi()
    const user = userEvent.setup()
    renderInApp(<RegistrationModal />)
    act(() => useAuthModal.getState().show('registration'))
    await user.type(await screen.findByLabelText('Имя'), 'Dilnoza')
    await user.type(screen.getByLabelText('Фамилия'), 'Rahimova')
    // Autofill hands the field the bare digits in one input event.
    fireEvent.input(screen.getByLabelText('Номер телефона'), { target: { value: '998935550101' } })
    await user.click(screen.getByRole('button', { name: 'Получить код' }))
    expect(await screen.findByText('Мы отправили 4-значный код на номер +998 93 555-01-01.')).toBeTruthy()
  })

  it('checks the passwords before sending them', async () => {
    const api = registrationApi()
    const user = userEvent.setup()
    renderInApp(<RegistrationModal />)
    await fillStepOne(user)
    await user.type(await screen.findByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    await user.type(await screen.findByLabelText('Пароль'), 'abc')
    await user.type(screen.getByLabelText('Повторите пароль'), 'abd')
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как заказчик' }))
    expect(await screen.findByText(/не менее 6 символов/)).toBeTruthy()
    expect(api.last('POST', `${V1}/auth/register`)).toBeUndefined()
  })

  it('comes back to the code step after a reload, with the same phone, code id and what was left of the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = registrationApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const page = renderInApp(<AppModals />)
    await fillStepOne(user)
    expect(await screen.findByText('Новый код можно запросить через 59 с')).toBeTruthy()
    act(() => vi.advanceTimersByTime(20_000))

    reload(page)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    expect(screen.getByText('Мы отправили 4-значный код на номер +998 90 123-45-67.')).toBeTruthy()
    // The server refuses a new code for a minute after the last one: the countdown goes on, it does not start over.
    expect(screen.getByText(/через (38|39) с/)).toBeTruthy()
    await user.type(screen.getByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByText('Шаг 3 из 3')).toBeTruthy()
    expect(api.last('POST', `${API}/sms/verify`)?.body).toEqual({ required_id: REQUIRED_ID, code: '4821' })
    expect(smsSent(api)).toBe(1)
  })

  it('registers after a reload on the password step, and is not opened again once registered', async () => {
    const api = registrationApi()
    const user = userEvent.setup()
    let page = renderInApp(<AppModals />)
    await fillStepOne(user)
    await user.type(await screen.findByLabelText('Код из SMS'), '4821')
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }))
    expect(await screen.findByText('Шаг 3 из 3')).toBeTruthy()

    page = reload(page)
    expect(await screen.findByText('Шаг 3 из 3')).toBeTruthy()
    await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
    await user.type(screen.getByLabelText('Повторите пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться как заказчик' }))
    await waitFor(() => expect(useSession.getState().token).toBe('access-1'))
    expect(api.last('POST', `${V1}/auth/register`)?.body).toMatchObject({
      name: 'Dilnoza',
      surname: 'Rahimova',
      username: '998901234567',
      type: 'customer',
      required_id: REQUIRED_ID,
    })

    // A later page of the same tab, logged out there: no registration opens again with a code already spent.
    reload(page)
    act(() => useSession.getState().clear())
    await expectNoModal()
  })

  it('forgets the code step once the code has expired (5 minutes), or when the registration is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    registrationApi()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    let page = renderInApp(<AppModals />)
    await fillStepOne(user)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    act(() => vi.advanceTimersByTime(4 * 60_000))
    page = reload(page)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    page = reload(page)
    await expectNoModal()

    await fillStepOne(user)
    expect(await screen.findByText('Шаг 2 из 3')).toBeTruthy()
    act(() => useAuthModal.getState().close())
    reload(page)
    await expectNoModal()
  })
})
