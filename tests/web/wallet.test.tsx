import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { PaymentResult } from '#src/features/wallet/components/payment-result.tsx'
import { WalletScreen } from '#src/features/wallet/components/wallet-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(() => loadWalletCatalog())

afterEach(() => {
  act(() => useSession.getState().clear())
})

const WALLET = `${V1}/wallet`
const CHECKOUT = `${V1}/wallet/checkout`
const TRANSACTIONS = `${V1}/wallet/transactions`
const CSV = `${V1}/wallet/transactions.csv`
const REFUSED = `${V1}/wallet/refused`
const noRefused = () => ({ json: { collection: [], meta: { page: 1, perPage: 20, total: 0, charged: 0 } } })
const invoicePath = (id: number) => `${V1}/wallet/invoices/${id}`

const logInAs = (type: 'executor' | 'customer') =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ type }) as never }))

const offer = (plan: string, monthly: number, features: string[]) => ({
  plan,
  monthly_price: monthly,
  prices: [1, 2, 3].map((months) => ({ months, amount: monthly * months })),
  features,
})
const walletOf = (overrides: Record<string, unknown> = {}) => ({
  plan: null,
  until: null,
  paid_until: null,
  periods: [],
  balance: 0,
  features: [],
  plans: [
    offer('starter', 4_900_000, ['unlimited_specialties', 'calendar', 'media_10mb']),
    offer('master', 9_900_000, ['unlimited_specialties', 'calendar', 'media_10mb', 'statistics']),
    offer('professional', 14_900_000, ['unlimited_specialties', 'profile_sharing']),
  ],
  providers: [
    { provider: 'payme', sandbox: true, available: true },
    { provider: 'click', sandbox: false, available: false },
  ],
  ...overrides,
})
const transactionOf = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  invoice_id: id,
  status: 'paid',
  amount: 9_900_000,
  provider: 'payme',
  card: null,
  plan: 'master',
  months: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
})
const invoiceOf = (status: string) => ({
  invoice_id: 41,
  status,
  plan: 'master',
  months: 1,
  amount: 9_900_000,
  provider: 'payme',
  created_at: '2026-11-24T10:00:00.000Z',
  paid_at: status === 'paid' ? '2026-11-24T10:01:00.000Z' : null,
})

function serverWith(options: { wallet?: object; transactions?: object[] } = {}) {
  const all = options.transactions ?? []
  return stubApi({
    [`GET ${WALLET}`]: () => ({ json: options.wallet ?? walletOf() }),
    [`GET ${TRANSACTIONS}`]: ({ query }) => {
      const page = Number(query.get('page'))
      const perPage = Number(query.get('perPage'))
      return {
        json: {
          collection: all.slice((page - 1) * perPage, page * perPage),
          meta: { page, perPage, total: all.length },
        },
      }
    },
    [`GET ${REFUSED}`]: noRefused,
    [`POST ${CHECKOUT}`]: () => ({
      json: { invoice_id: 41, amount: 29_700_000, url: 'http://localhost/api/payments/sandbox/payme/41' },
    }),
  })
}

/** window.location.assign, which jsdom does not implement, replaced by a spy. */
function spyOnAssign() {
  const assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign })
  return assign
}

describe('/wallet', () => {
  it('shows the three plans with what they include and the price of 1, 2 and 3 months from the API', async () => {
    logInAs('executor')
    serverWith()
    renderInApp(<WalletScreen />)
    const plans = await screen.findByRole('group', { name: 'Тариф' })
    expect(
      within(plans)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['starter', 'master', 'professional'])
    expect(within(plans).getByText('99 000 сум в месяц')).toBeTruthy()
    expect(within(plans).getByText('Статистика профиля')).toBeTruthy()
    const months = screen.getByRole('group', { name: 'На какой срок' })
    // Master is chosen first: its prices for 1, 2 and 3 months.
    expect(within(months).getByRole('radio', { name: '1 месяц: 99\u00a0000 сум' })).toBeTruthy()
    expect(within(months).getByRole('radio', { name: '3 месяца: 297\u00a0000 сум' })).toBeTruthy()
    expect(screen.getByText('Нет тарифа')).toBeTruthy()
    expect(screen.getByText('0 сум')).toBeTruthy()
  })

  it('posts the chosen plan, months and provider to checkout and sends the browser to the answered url', async () => {
    logInAs('executor')
    const api = serverWith({
      wallet: walletOf({
        providers: [
          { provider: 'payme', sandbox: true, available: true },
          { provider: 'click', sandbox: true, available: true },
        ],
      }),
    })
    const assign = spyOnAssign()
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    await user.click(await screen.findByRole('radio', { name: /Профессионал/ }))
    await user.click(screen.getByRole('radio', { name: /3 месяца/ }))
    await user.click(screen.getByRole('radio', { name: /Click/ }))
    await user.click(screen.getByRole('button', { name: 'Оплатить 447\u00a0000 сум' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payments/sandbox/payme/41'))
    expect(api.last('POST', CHECKOUT)?.body).toEqual({ plan: 'professional', months: 3, provider: 'click' })
  })

  it('disables a provider the server marks unavailable and says why', async () => {
    logInAs('executor')
    serverWith()
    renderInApp(<WalletScreen />)
    const click = await screen.findByRole('radio', { name: /Click/ })
    expect((click as HTMLInputElement).disabled).toBe(true)
    expect(click.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(/временно недоступна/)).toBeTruthy()
  })

  it("shows the API's message when checkout is refused", async () => {
    logInAs('executor')
    stubApi({
      [`GET ${WALLET}`]: () => ({ json: walletOf() }),
      [`GET ${TRANSACTIONS}`]: () => ({ json: { collection: [], meta: { page: 1, perPage: 20, total: 0 } } }),
      [`GET ${REFUSED}`]: noRefused,
      [`POST ${CHECKOUT}`]: () => ({
        status: 409,
        json: errorBody('conflict', 'payment_unavailable', 'Оплата через эту систему сейчас недоступна'),
      }),
    })
    const assign = spyOnAssign()
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    await user.click(await screen.findByRole('button', { name: /Оплатить/ }))
    expect((await screen.findByRole('alert')).textContent).toBe('Оплата через эту систему сейчас недоступна')
    expect(assign).not.toHaveBeenCalled()
  })

  it('tells a customer that plans are for specialists and offers no payment', async () => {
    logInAs('customer')
    serverWith()
    renderInApp(<WalletScreen />)
    expect(await screen.findByText(/Тарифы предназначены для специалистов/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Платёжная система' })).toBeNull()
  })

  it('warns before paying that a plan bought while time is paid for starts only when that time ends', async () => {
    logInAs('executor')
    const inTwentyDays = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString()
    serverWith({ wallet: walletOf({ plan: 'starter', until: inTwentyDays, paid_until: inTwentyDays }) })
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    await user.click(await screen.findByRole('radio', { name: /Мастер/ }))
    const pay = screen.getByRole('button', { name: /^Оплатить/ })
    const note = document.getElementById(pay.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toMatch(
      /^Оплачено до \d+\s\S+\s\d{4}\sг\.: план «Мастер», оплаченный сейчас, начнётся \d+\s\S+\s\d{4}\sг\., после этого срока/,
    )
  })

  it('says nothing of a queue when no paid time runs', async () => {
    logInAs('executor')
    serverWith({ wallet: walletOf({ paid_until: '2020-01-01T00:00:00.000Z' }) })
    renderInApp(<WalletScreen />)
    const pay = await screen.findByRole('button', { name: /^Оплатить/ })
    expect(pay.getAttribute('aria-describedby')).toBeNull()
    expect(screen.queryByText(/^Оплачено до/)).toBeNull()
  })

  it('shows the current plan, its end and the balance', async () => {
    logInAs('executor')
    serverWith({ wallet: walletOf({ plan: 'master', until: '2026-12-24T10:00:00.000Z', balance: 150_000 }) })
    renderInApp(<WalletScreen />)
    expect(await screen.findByText('Мастер, до 24 декабря 2026 г.')).toBeTruthy()
    expect(screen.getByText('1 500 сум')).toBeTruthy()
  })
})

describe('payment history', () => {
  it('lists payments page by page as the API pages them, the card only when given', async () => {
    logInAs('executor')
    const all = Array.from({ length: 25 }, (_, index) =>
      transactionOf(100 - index, index === 0 ? { card: '8600 **** **** 6478', provider: 'click' } : {}),
    )
    const api = serverWith({ transactions: all })
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    const history = await screen.findByRole('region', { name: 'История платежей' })
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(20))
    expect(within(history).getAllByText('8600 **** **** 6478')).toHaveLength(1)
    expect(within(history).getAllByText('Оплачен').length).toBe(20)
    await user.click(within(history).getByRole('button', { name: 'Показать ещё платежи' }))
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(25))
    expect(api.last('GET', TRANSACTIONS)?.query.get('page')).toBe('2')
    expect(within(history).queryByRole('button', { name: 'Показать ещё платежи' })).toBeNull()
  })

  it('downloads the CSV with the access token as a file', async () => {
    logInAs('executor')
    const api = serverWith({ transactions: [transactionOf(1)] })
    // The CSV is text, not JSON: answered here directly.
    const stubbed = globalThis.fetch
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      if (new URL(request.url).pathname === CSV) {
        api.calls.push({
          method: 'GET',
          path: CSV,
          query: new URLSearchParams(),
          body: undefined,
          headers: request.headers,
        })
        return new Response('id,status\n1,paid\n', { headers: { 'content-type': 'text/csv' } })
      }
      return stubbed(input, init)
    })
    const createObjectURL = vi.fn(() => 'blob:wallet')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('fika-wallet.csv')
      expect(this.href).toBe('blob:wallet')
    })
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    await user.click(await screen.findByRole('button', { name: 'Скачать CSV' }))
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
    expect(api.last('GET', CSV)?.headers.get('authorization')).toBe('Bearer access')
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toBe('id,status\n1,paid\n')
    clicked.mockRestore()
  })
})

describe('/wallet/success and /wallet/failed', () => {
  it('asks again every 3 seconds while the payment is being confirmed, then shows the plan active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    logInAs('executor')
    let asked = 0
    stubApi({
      [`GET ${invoicePath(41)}`]: () => ({ json: invoiceOf(++asked < 3 ? 'pending' : 'paid') }),
      [`GET ${WALLET}`]: () => ({
        json: walletOf({
          plan: 'master',
          until: '2026-12-24T10:00:00.000Z',
          periods: [
            { plan: 'master', starts_at: '2026-11-24T10:00:00.000Z', ends_at: '2026-12-24T10:00:00.000Z' },
          ],
        }),
      }),
    })
    renderInApp(<PaymentResult invoiceId={41} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Оплата подтверждается' })).toBeTruthy()
    expect(asked).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(asked).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(
      await screen.findByText('Оплата получена, ваш тариф Мастер действует до 24 декабря 2026 г.'),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(asked).toBe(3)
    expect(screen.getByRole('link', { name: 'Вернуться в кошелёк' }).getAttribute('href')).toBe('/wallet')
  })

  it("shows the spec's message for a cancelled payment", async () => {
    logInAs('executor')
    stubApi({ [`GET ${invoicePath(41)}`]: () => ({ json: invoiceOf('canceled') }) })
    renderInApp(<PaymentResult invoiceId={41} />)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Оплата не прошла или была отменена, попробуйте позже.',
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Оплата не прошла' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Вернуться в кошелёк' })).toBeTruthy()
  })

  it('says so plainly for an unknown invoice and for an address without one', async () => {
    logInAs('executor')
    stubApi({})
    renderInApp(<PaymentResult invoiceId={999} />)
    expect((await screen.findByRole('alert')).textContent).toBe('Среди ваших платежей такого нет.')
    expect(screen.getByRole('heading', { level: 1, name: 'Платёж не найден' })).toBeTruthy()
  })

  it('says so plainly for an address without an invoice', async () => {
    logInAs('executor')
    renderInApp(<PaymentResult invoiceId={undefined} />)
    expect((await screen.findByRole('alert')).textContent).toBe('В адресе не указано, какой платёж показать.')
  })
})
