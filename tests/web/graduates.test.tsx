import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadGraduatesCatalog } from '#src/features/graduates/catalog.ts'
import { GraduatesScreen } from '#src/features/graduates/components/graduates-screen.tsx'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { WalletScreen } from '#src/features/wallet/components/wallet-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(async () => {
  await loadGraduatesCatalog()
  await loadWalletCatalog()
})

afterEach(() => {
  act(() => useSession.getState().clear())
})

const WALLET = `${V1}/wallet`
const CHECKOUT = `${V1}/wallet/checkout`
const promoPath = (code: string) => `${V1}/wallet/promo/${code}`
const TERMS = { code: 'GRAD2026', plan: 'master', percent_off: 30, valid_until: '2027-06-30T18:59:59.999Z' }

const logInAs = (type: 'executor' | 'customer') =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ type }) as never }))

const offer = (plan: string, monthly: number) => ({
  plan,
  monthly_price: monthly,
  prices: [1, 2, 3].map((months) => ({ months, amount: monthly * months })),
  features: ['calendar'],
})
const wallet = {
  plan: null,
  until: null,
  paid_until: null,
  periods: [],
  balance: 0,
  features: [],
  plans: [offer('starter', 4_900_000), offer('master', 9_900_000), offer('professional', 14_900_000)],
  providers: [
    { provider: 'payme', sandbox: true, available: true },
    { provider: 'click', sandbox: true, available: true },
  ],
}
const empty = { json: { collection: [], meta: { page: 1, perPage: 20, total: 0, charged: 0 } } }

function walletServer(checkout?: () => { status?: number; json: unknown }) {
  return stubApi({
    [`GET ${WALLET}`]: () => ({ json: wallet }),
    [`GET ${V1}/wallet/transactions`]: () => empty,
    [`GET ${V1}/wallet/refused`]: () => empty,
    [`GET ${promoPath('GRAD2026')}`]: () => ({ json: TERMS }),
    [`POST ${CHECKOUT}`]:
      checkout ??
      (() => ({ json: { invoice_id: 41, amount: 6_930_000, url: 'http://localhost/sandbox/41' } })),
  })
}

describe('/graduates', () => {
  it('checks a code and shows its terms, with a way to the wallet with it', async () => {
    logInAs('executor')
    const api = stubApi({
      [`GET ${promoPath('grad2026')}`]: () => ({ json: TERMS }),
      [`GET ${promoPath('OLD')}`]: () => ({
        status: 404,
        json: errorBody(
          'not_found',
          'promo_code_expired',
          'Срок действия промокода истёк или ещё не начался',
        ),
      }),
    })
    const user = userEvent.setup()
    renderInApp(<GraduatesScreen />)
    expect(await screen.findByRole('heading', { name: 'Выпускникам учебного центра' })).toBeTruthy()
    await user.type(screen.getByLabelText('Промокод'), 'OLD')
    await user.click(screen.getByRole('button', { name: 'Проверить код' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Срок действия промокода истёк или ещё не начался',
    )

    await user.clear(screen.getByLabelText('Промокод'))
    await user.type(screen.getByLabelText('Промокод'), ' grad2026 ')
    await user.click(screen.getByRole('button', { name: 'Проверить код' }))
    expect(
      await screen.findByText(/Код GRAD2026: скидка 30% на тариф «Мастер», действует до 30 июня 2027/),
    ).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Выбрать тариф с этим кодом' })
    expect(link.getAttribute('href')).toBe('/wallet?promo=GRAD2026')
    expect(api.last('GET', promoPath('grad2026'))).toBeTruthy()
  })

  it('asks a guest to log in before checking a code', async () => {
    stubApi({})
    renderInApp(<GraduatesScreen />)
    expect(await screen.findByText(/Войдите как специалист/)).toBeTruthy()
    expect(screen.queryByLabelText('Промокод')).toBeNull()
  })
})

describe('/wallet?promo=', () => {
  it('shows the discounted price of the code and sends promo_code with checkout', async () => {
    logInAs('executor')
    const api = walletServer()
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign })
    const user = userEvent.setup()
    renderInApp(<WalletScreen />, '/?promo=GRAD2026')
    expect(await screen.findByRole('link', { name: /Выпускникам учебного центра/ })).toBeTruthy()
    expect((screen.getByLabelText('Промокод') as HTMLInputElement).value).toBe('GRAD2026')
    expect(await screen.findByText(/Код GRAD2026: скидка 30% до/)).toBeTruthy()
    const months = screen.getByRole('group', { name: 'На какой срок' })
    expect(within(months).getByRole('radio', { name: /^1 месяц: 69\u00a0300 сум/ })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Оплатить 69\u00a0300 сум' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/41'))
    expect(api.last('POST', CHECKOUT)?.body).toEqual({
      plan: 'master',
      months: 1,
      provider: 'payme',
      promo_code: 'GRAD2026',
    })
  })

  it('checks a code typed but not applied before paying, so the price paid is the price shown', async () => {
    logInAs('executor')
    const api = walletServer()
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign })
    const user = userEvent.setup()
    renderInApp(<WalletScreen />, '/')
    await user.type(await screen.findByLabelText('Промокод'), 'GRAD2026')
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }))
    expect(await screen.findByText(/Код GRAD2026: скидка 30% до/)).toBeTruthy()
    expect(api.last('POST', CHECKOUT)).toBeUndefined()
    await user.click(screen.getByRole('button', { name: 'Оплатить 69\u00a0300 сум' }))
    await waitFor(() => expect(assign).toHaveBeenCalled())
    expect(api.last('POST', CHECKOUT)?.body).toMatchObject({ promo_code: 'GRAD2026' })
  })

  it("shows the server's message on the code when checkout refuses it", async () => {
    logInAs('executor')
    const message = 'Промокод уже использован максимальное число раз'
    walletServer(() => ({
      status: 400,
      json: errorBody('validation', 'promo_code_used_up', message, { promo_code: [message] }),
    }))
    const user = userEvent.setup()
    renderInApp(<WalletScreen />, '/?promo=GRAD2026')
    await screen.findByText(/Код GRAD2026: скидка 30% до/)
    await user.click(screen.getByRole('button', { name: /Оплатить/ }))
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByLabelText('Промокод').getAttribute('aria-invalid')).toBe('true')
  })
})
