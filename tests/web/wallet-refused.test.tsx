import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadWalletCatalog } from '#src/features/wallet/catalog.ts'
import { WalletScreen } from '#src/features/wallet/components/wallet-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(() => loadWalletCatalog())

afterEach(() => {
  act(() => useSession.getState().clear())
})

const WALLET = `${V1}/wallet`
const TRANSACTIONS = `${V1}/wallet/transactions`
const REFUSED = `${V1}/wallet/refused`

const logInAs = (type: 'executor' | 'customer') =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ type }) as never }))

const wallet = {
  plan: null,
  until: null,
  paid_until: null,
  periods: [],
  balance: 0,
  features: [],
  plans: [],
  providers: [{ provider: 'payme', sandbox: true, available: true }],
}
const refusedOf = (id: number, overrides: Record<string, unknown> = {}) => ({
  order_id: id,
  number: String(id).padStart(6, '0'),
  name: `Ремонт крана ${id}`,
  price: 15_000_000,
  price_min: null,
  price_max: null,
  reason: 'canceled',
  chosen_at: '2026-11-20T10:00:00.000Z',
  refused_at: '2026-11-21T12:30:00.000Z',
  charged: 0,
  ...overrides,
})

const paged = (all: object[], query: URLSearchParams) => {
  const page = Number(query.get('page'))
  const perPage = Number(query.get('perPage'))
  return { collection: all.slice((page - 1) * perPage, page * perPage), page, perPage, total: all.length }
}

function serverWith(refused: object[] | 'broken') {
  let refusedAnswers = 0
  const api = stubApi({
    [`GET ${WALLET}`]: () => ({ json: wallet }),
    [`GET ${TRANSACTIONS}`]: () => ({ json: { collection: [], meta: { page: 1, perPage: 20, total: 0 } } }),
    [`GET ${REFUSED}`]: ({ query }) => {
      refusedAnswers++
      if (refused === 'broken' && refusedAnswers === 1)
        return { status: 500, json: { error: { type: 'internal', code: 'internal', message: 'Сбой' } } }
      const { collection, page, perPage, total } = paged(refused === 'broken' ? [] : refused, query)
      return { json: { collection, meta: { page, perPage, total, charged: 0 } } }
    },
  })
  return api
}

const section = () => screen.findByRole('region', { name: 'Отказанные услуги' })

describe('refused services on /wallet', () => {
  it('lists the orders with their number, name, price, reason, dates and "Not charged"', async () => {
    logInAs('executor')
    serverWith([
      refusedOf(123),
      refusedOf(45, {
        reason: 'replaced',
        price: null,
        price_min: 10_000_000,
        price_max: 20_000_000,
      }),
    ])
    renderInApp(<WalletScreen />)
    const refused = await section()
    expect(within(refused).getByRole('heading', { level: 2, name: 'Отказанные услуги' })).toBeTruthy()
    expect(
      within(refused).getByText(
        'Заказы, где выбрали вас, а затем заказчик отменил заказ или выбрал другого исполнителя. За них с вас никогда ничего не списывается.',
      ),
    ).toBeTruthy()
    const rows = await within(refused).findAllByRole('listitem')
    expect(rows).toHaveLength(2)

    const [first, second] = rows as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toContain('Ремонт крана 123')
    expect(within(first).getByRole('link', { name: 'Заказ № 000123' }).getAttribute('href')).toBe(
      '/order/123',
    )
    expect(within(first).getByText('150 000 сум')).toBeTruthy()
    expect(within(first).getByText('Заказчик отменил заказ')).toBeTruthy()
    expect(within(first).getByText('Не списано')).toBeTruthy()
    expect(first.querySelectorAll('time')).toHaveLength(2)
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z')

    expect(within(second).getByRole('link', { name: 'Заказ № 000045' }).getAttribute('href')).toBe(
      '/order/45',
    )
    expect(within(second).getByText('100 000 – 200 000 сум')).toBeTruthy()
    expect(within(second).getByText('Заказчик выбрал другого исполнителя')).toBeTruthy()
    expect(within(second).getByText('Не списано')).toBeTruthy()
  })

  it('shows the order number as plain text when the row has no order id', async () => {
    logInAs('executor')
    serverWith([refusedOf(0, { number: '000777' })])
    renderInApp(<WalletScreen />)
    const refused = await section()
    expect(await within(refused).findByText('Заказ № 000777')).toBeTruthy()
    expect(within(refused).queryByRole('link')).toBeNull()
  })

  it('says so when there are none', async () => {
    logInAs('executor')
    serverWith([])
    renderInApp(<WalletScreen />)
    const refused = await section()
    expect(await within(refused).findByText('Отказанных услуг нет.')).toBeTruthy()
    expect(within(refused).queryByRole('list')).toBeNull()
  })

  it('pages like the history: 20 rows, then the next page on "Show more"', async () => {
    logInAs('executor')
    const all = Array.from({ length: 25 }, (_, index) => refusedOf(200 - index))
    const api = serverWith(all)
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    const refused = await section()
    await waitFor(() => expect(within(refused).getAllByRole('listitem')).toHaveLength(20))
    expect(api.last('GET', REFUSED)?.query.get('perPage')).toBe('20')
    await user.click(within(refused).getByRole('button', { name: 'Показать ещё отказанные услуги' }))
    await waitFor(() => expect(within(refused).getAllByRole('listitem')).toHaveLength(25))
    expect(api.last('GET', REFUSED)?.query.get('page')).toBe('2')
    expect(within(refused).queryByRole('button', { name: 'Показать ещё отказанные услуги' })).toBeNull()
    expect(within(refused).getAllByText('Не списано')).toHaveLength(25)
  })

  it('shows an error with a retry that loads the list again', async () => {
    logInAs('executor')
    serverWith('broken')
    const user = userEvent.setup()
    renderInApp(<WalletScreen />)
    const refused = await section()
    const alert = await within(refused).findByRole('alert')
    expect(alert.textContent).toContain('Не удалось загрузить отказанные услуги.')
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }))
    expect(await within(refused).findByText('Отказанных услуг нет.')).toBeTruthy()
  })

  it('is not shown to a customer, who is not asked for it', async () => {
    logInAs('customer')
    const api = serverWith([refusedOf(1)])
    renderInApp(<WalletScreen />)
    expect(await screen.findByRole('region', { name: 'История платежей' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Отказанные услуги' })).toBeNull()
    expect(screen.queryByText('Не списано')).toBeNull()
    expect(api.last('GET', REFUSED)).toBeUndefined()
  })
})
