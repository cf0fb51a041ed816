import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import type { PublicProfile } from '#contract/schemas/specialists.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { DirectOrderScreen } from '#src/features/order-view/components/direct-order-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(loadOrderViewCatalog)

const as = (overrides: Record<string, unknown>) =>
  act(() => useSession.setState({ token: 'token', profile: profileOf(overrides) as Profile }))

/** The specialist's public profile: electrics (on), a switched-off line, and a switched-off specialty. */
const specialist = (): PublicProfile => ({
  id: 9,
  slug: 'bobur-karimov-9',
  name: 'Бобур',
  surname: 'Каримов',
  avatar: null,
  avatar_thumb: null,
  rating: 4.8,
  reviews_count: 0,
  is_online: true,
  last_seen_at: null,
  verification: 1,
  about: null,
  languages: [],
  accepts_orders: true,
  works_remotely: false,
  accepts_at_own_place: false,
  looking_for_internship: false,
  discount_percent: 0,
  discount_text: null,
  districts: [],
  work_addresses: [],
  specialities: [
    {
      id: 1,
      user_id: 9,
      category: { id: 2, name: 'Мастера по ремонту', slug: 'mastera-po-remontu' },
      active: true,
      services: [line(11, 5, 'Электрика', 15_000_000, true), line(12, 6, 'Сантехника', null, false)],
    },
    {
      id: 2,
      user_id: 9,
      category: { id: 3, name: 'Репетиторы', slug: 'repetitory' },
      active: false,
      services: [line(13, 7, 'Математика', null, true)],
    },
  ],
  documents: [],
  works: [],
  latest_reviews: [],
  created_at: '2026-01-10T10:00:00.000Z',
})
function line(id: number, service: number, name: string, from: number | null, active: boolean) {
  return { id, service: { id: service, name, slug: `s${service}` }, price_from: from, price_to: null, active }
}
const specialistApi = { [`GET ${V1}/myprofile/9`]: () => ({ json: specialist() }) }

describe('a direct order to one specialist', () => {
  it('offers only the services the specialist provides now, with their category and starting price', async () => {
    as({ id: 7, type: 'customer' })
    stubApi(specialistApi)
    renderInApp(<DirectOrderScreen executor={9} />)
    const group = await screen.findByRole('group', { name: 'Услуга' })
    const offered = within(group).getAllByRole('radio')
    expect(within(group).getByRole('radio', { name: 'Электрика' })).toBeTruthy()
    expect(offered).toHaveLength(1)
    expect(within(group).getByText('Мастера по ремонту')).toBeTruthy()
    expect(within(group).getByText('от 150 000 сум')).toBeTruthy()
  })

  it('says so, and sends nothing, when the specialist lists no services', async () => {
    as({ id: 7, type: 'customer' })
    stubApi({ [`GET ${V1}/myprofile/9`]: () => ({ json: { ...specialist(), specialities: [] } }) })
    renderInApp(<DirectOrderScreen executor={9} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(/не указал ни одной услуги/)
    expect((screen.getByRole('button', { name: 'Отправить заказ' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('checks the service and the name before sending, then publishes the order to that specialist', async () => {
    as({ id: 7, type: 'customer' })
    const user = userEvent.setup()
    const api = stubApi({
      ...specialistApi,
      [`POST ${V1}/orders`]: ({ body }) => ({ status: 201, json: { id: 77, ...(body as object) } }),
    })
    const { router } = renderInApp(<DirectOrderScreen executor={9} />)
    await screen.findByRole('radio', { name: 'Электрика' })
    await user.click(screen.getByRole('button', { name: 'Отправить заказ' }))
    expect(await screen.findByText('Выберите услугу')).toBeTruthy()
    expect(screen.getByText('Назовите заказ: не меньше 3 символов')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders`)).toBeUndefined()

    await user.click(screen.getByRole('radio', { name: 'Электрика' }))
    await user.type(screen.getByLabelText('Что нужно сделать'), 'Заменить автомат в щитке')
    await user.type(screen.getByLabelText('Цена, сум'), '150 000')
    await user.click(screen.getByRole('radio', { name: 'Онлайн' }))
    await user.click(screen.getByRole('button', { name: 'Отправить заказ' }))
    await waitFor(() => expect(api.last('POST', `${V1}/orders`)).toBeDefined())
    const sent = api.last('POST', `${V1}/orders`)!
    expect(sent.body).toMatchObject({
      services: [5],
      name: 'Заменить автомат в щитке',
      is_online: true,
      at_customer: false,
      price: 15_000_000,
      executor_id: 9,
    })
    expect(sent.headers.get('idempotency-key')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/direct/order/77'))
  })

  it('counts each limited field and refuses a price past 10 billion so’m with words, sending nothing', async () => {
    as({ id: 7, type: 'customer' })
    const user = userEvent.setup()
    const api = stubApi({
      ...specialistApi,
      [`POST ${V1}/orders`]: ({ body }) => ({ status: 201, json: { id: 77, ...(body as object) } }),
    })
    renderInApp(<DirectOrderScreen executor={9} />)
    const name = (await screen.findByLabelText('Что нужно сделать')) as HTMLInputElement
    expect(name.maxLength).toBe(120)
    expect((screen.getByLabelText('Описание') as HTMLTextAreaElement).maxLength).toBe(5000)
    expect((screen.getByLabelText('Район и город') as HTMLInputElement).maxLength).toBe(120)
    expect((screen.getByLabelText('Улица, дом, квартира') as HTMLInputElement).maxLength).toBe(300)
    await user.click(await screen.findByRole('radio', { name: 'Электрика' }))
    await user.type(name, 'Заменить автомат в щитке')
    const counts = screen.getAllByTestId('char-count').map((count) => count.textContent)
    expect(counts).toEqual(['24/120', '0/5\u00a0000', '0/120', '0/300', '0/200'])
    await user.type(screen.getByLabelText('Цена, сум'), '10000000001')
    await user.click(screen.getByRole('radio', { name: 'Онлайн' }))
    await user.click(screen.getByRole('button', { name: 'Отправить заказ' }))
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Укажите цену целым числом от 0 до 10\u00a0000\u00a0000\u00a0000 сум',
      ),
    )
    expect((screen.getByLabelText('Цена, сум') as HTMLInputElement).value).toBe('10000000001')
    expect(api.last('POST', `${V1}/orders`)).toBeUndefined()
  })

  it("shows the server's refusal above the form and keeps what was typed", async () => {
    as({ id: 7, type: 'customer' })
    const user = userEvent.setup()
    stubApi({
      ...specialistApi,
      [`POST ${V1}/orders`]: () => ({
        status: 400,
        json: errorBody(
          'validation',
          'executor_not_found',
          'Этот специалист не найден или не принимает заказы',
          {
            executor_id: ['Этот специалист не найден или не принимает заказы'],
          },
        ),
      }),
    })
    renderInApp(<DirectOrderScreen executor={9} />)
    await user.click(await screen.findByRole('radio', { name: 'Электрика' }))
    await user.type(screen.getByLabelText('Что нужно сделать'), 'Заменить автомат')
    await user.click(screen.getByRole('button', { name: 'Отправить заказ' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Этот специалист не найден или не принимает заказы',
    )
    expect((screen.getByLabelText('Что нужно сделать') as HTMLInputElement).value).toBe('Заменить автомат')
  })

  it('says a customer cannot order from themselves, and an executor must switch to customer mode', async () => {
    as({ id: 9, type: 'customer' })
    const view = renderInApp(<DirectOrderScreen executor={9} />)
    expect((await screen.findByRole('alert')).textContent).toBe('Нельзя заказывать у самого себя.')
    expect(screen.queryByRole('button', { name: 'Отправить заказ' })).toBeNull()
    view.unmount()
    as({ id: 11, type: 'executor' })
    renderInApp(<DirectOrderScreen executor={9} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Заказывать могут только заказчики/)
  })
})
