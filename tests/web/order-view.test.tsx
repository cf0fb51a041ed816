import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(loadOrderViewCatalog)

const CUSTOMER = profileOf({ id: 7, type: 'customer' })
const EXECUTOR = profileOf({ id: 9, type: 'executor', name: 'Jasur', surname: 'Karimov' })
const OTHER_EXECUTOR = profileOf({ id: 11, type: 'executor', name: 'Aziz', surname: 'Tursunov' })

const orderOf = (overrides: Record<string, unknown> = {}) => ({
  id: 42,
  number: '000042',
  status: 'open',
  customer_id: 7,
  executor_id: null,
  services: [5],
  name: 'Повесить люстру',
  description: 'Потолок 2,7 м.',
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Чиланзарский район, Ташкент',
  address: 'Ташкент, Чиланзар',
  lat: null,
  lng: null,
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: null,
  price: null,
  price_min: 15_000_000,
  price_max: 30_000_000,
  wishes: null,
  photos: [],
  views: 3,
  replies_count: 1,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: false,
  location_exact: false,
  contact: null,
  ...overrides,
})

const replyOf = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  order_id: 42,
  executor_id: 9,
  message: 'Сделаю завтра утром.',
  created_at: '2026-11-21T10:00:00.000Z',
  executor_name: 'Jasur Karimov',
  ...overrides,
})

const as = (profile: ReturnType<typeof profileOf> | null) =>
  act(() => useSession.setState({ token: profile ? 'token' : null, profile: profile as Profile | null }))

/** The server of one order, its replies and its review, as the order page asks for them. */
function stubOrder(
  order: ReturnType<typeof orderOf>,
  replies = [replyOf()],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({
    [`GET ${V1}/orders/42`]: () => ({ json: order }),
    [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: replies } }),
    [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    ...extra,
  })
}

const show = () => renderInApp(<OrderScreen orderId={42} />)
const actionNames = async () => {
  await screen.findByRole('heading', { name: 'Повесить люстру' })
  const region = screen.queryByRole('region', { name: 'Действия с заказом' })
  return region
    ? within(region)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : []
}

describe('the order page', () => {
  it('shows the order as the spec displays it: services, price range in sum, place, status and number', async () => {
    as(null)
    stubOrder(orderOf())
    show()
    expect(await screen.findByText('Электрика')).toBeTruthy()
    expect(screen.getByText(/150\s000 – 300\s000 сум/)).toBeTruthy()
    expect(screen.getByText('У заказчика')).toBeTruthy()
    expect(screen.getByText('Заказ № 000042')).toBeTruthy()
    expect(screen.getByTestId('order-status').textContent).toBe('Открыт')
  })

  it('opens the photos from their thumbnails in the viewer', async () => {
    as(null)
    const user = userEvent.setup()
    stubOrder(orderOf({ photos: ['/api/uploads/orders/42/a.webp', '/api/uploads/orders/42/b.webp'] }))
    show()
    const thumbnails = within(await screen.findByRole('region', { name: 'Фото' })).getAllByRole('button')
    expect(thumbnails).toHaveLength(2)
    await user.click(thumbnails[1]!)
    const viewer = screen.getByRole('dialog', { name: 'Фото 2 из 2' })
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Повесить люстру: фото 2 из 2')
  })

  it.each([
    ['a single price', { price: 20_000_000, price_min: null, price_max: null }, /^200\s000 сум$/],
    ['a maximum only', { price_min: null, price_max: 30_000_000 }, /^до 300\s000 сум$/],
  ])("shows %s in so'm", async (_, prices, expected) => {
    stubOrder(orderOf(Object.assign({ price: null, price_min: null, price_max: null }, prices)))
    show()
    expect(await screen.findByText(expected)).toBeTruthy()
  })
})

describe('actions by role', () => {
  it.each([
    [
      'the customer of an open order',
      CUSTOMER,
      {},
      ['Не принимать отклики', 'Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer of a paused order',
      CUSTOMER,
      { status: 'inactive' },
      ['Снова принимать отклики', 'Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer awaiting the chosen executor',
      CUSTOMER,
      { status: 'inactive', executor_id: 9 },
      ['Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer of an order in progress',
      CUSTOMER,
      { status: 'in_progress', executor_id: 9 },
      ['Отметить работу выполненной', 'Отменить заказ'],
    ],
    [
      'the chosen executor',
      EXECUTOR,
      { status: 'inactive', executor_id: 9 },
      ['Принять заказ', 'Отказаться от заказа'],
    ],
    ['the executor of an order in progress', EXECUTOR, { status: 'in_progress', executor_id: 9 }, []],
    ['another executor', OTHER_EXECUTOR, { status: 'inactive', executor_id: 9 }, []],
    ['a guest', null, {}, []],
  ])('offers %s exactly their steps', async (_, profile, overrides, expected) => {
    as(profile)
    stubOrder(orderOf(overrides))
    show()
    expect(await actionNames()).toEqual(expected)
  })

  it('lets the customer choose an executor who replied, after a confirmation', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [replyOf()], {
      [`POST ${V1}/orders/42/actions/choose`]: () => ({
        json: orderOf({ status: 'inactive', executor_id: 9 }),
      }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: 'Выбрать: Jasur Karimov' }))
    const dialog = screen.getByRole('dialog', { name: 'Выбрать исполнителем: Jasur Karimov?' })
    expect(api.last('POST', `${V1}/orders/42/actions/choose`)).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Да, выбрать' }))
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Неактивен'))
    expect(api.last('POST', `${V1}/orders/42/actions/choose`)?.body).toEqual({ executor_id: 9 })
    expect(screen.getByText('Выбранный исполнитель')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Выбрать: Jasur Karimov' })).toBeNull()
  })

  it.each([
    [
      'Отменить заказ',
      'Да, отменить заказ',
      `POST ${V1}/orders/42/actions/cancel`,
      'Не удалось изменить статус, попробуйте ещё раз',
    ],
    ['Удалить заказ', 'Да, удалить', `DELETE ${V1}/orders/42`, 'Не удалось удалить, попробуйте ещё раз'],
  ])('says "%s" failed in the spec words when the server refuses', async (button, yes, route, message) => {
    as(CUSTOMER)
    const user = userEvent.setup()
    stubOrder(orderOf(), [], {
      [route]: () => ({
        status: 409,
        json: errorBody('conflict', 'order_wrong_status', 'Не удалось изменить статус, попробуйте ещё раз'),
      }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: button }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: yes }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(screen.getByTestId('order-status').textContent).toBe('Открыт')
  })
})

describe('the reply form', () => {
  it('refuses a reply under 5 characters without sending it, then sends one reply under one key', async () => {
    as(OTHER_EXECUTOR)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [], {
      [`POST ${V1}/orders/42/replies`]: ({ body }) => ({
        status: 201,
        json: replyOf({ id: 2, executor_id: 11, executor_name: 'Aziz Tursunov', ...(body as object) }),
      }),
    })
    show()
    const field = await screen.findByLabelText('Ваш отклик')
    await user.type(field, 'Да')
    await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
    expect(await screen.findByText('Напишите не меньше 5 символов')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/42/replies`)).toBeUndefined()
    await user.type(field, ', приеду к 9 утра')
    await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
    expect(await screen.findByText('Да, приеду к 9 утра')).toBeTruthy()
    const sent = api.last('POST', `${V1}/orders/42/replies`)!
    expect(sent.body).toEqual({ message: 'Да, приеду к 9 утра' })
    expect(sent.headers.get('idempotency-key')).toMatch(/^[\w-]{36}$/)
    expect(screen.getByTestId('own-reply')).toBeTruthy()
  })

  it('keeps the typed reply and its key across a reload', async () => {
    as(OTHER_EXECUTOR)
    const user = userEvent.setup()
    stubOrder(orderOf(), [])
    const first = show()
    await user.type(await screen.findByLabelText('Ваш отклик'), 'Могу сегодня вечером')
    first.unmount()
    show()
    expect(((await screen.findByLabelText('Ваш отклик')) as HTMLTextAreaElement).value).toBe(
      'Могу сегодня вечером',
    )
  })

  it('offers a guest the login instead of the form', async () => {
    as(null)
    const user = userEvent.setup()
    stubOrder(orderOf())
    show()
    await user.click(await screen.findByRole('button', { name: 'Войти, чтобы откликнуться' }))
    expect(useAuthModal.getState().open).toBe('login')
    expect(screen.queryByLabelText('Ваш отклик')).toBeNull()
  })
})

describe('the review', () => {
  it('asks for a rating and 10 characters, then shows the review once left', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = stubOrder(orderOf({ status: 'completed', executor_id: 9 }), [replyOf()], {
      [`GET ${V1}/orders/42/review`]: () => ({
        status: 404,
        json: errorBody('not_found', 'not_found', 'Ничего не найдено'),
      }),
      [`POST ${V1}/orders/42/review`]: ({ body }) => ({
        status: 201,
        json: { id: 1, order_id: 42, created_at: '2026-11-21T12:00:00.000Z', ...(body as object) },
      }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: 'Оставить отзыв' }))
    expect(await screen.findByText('Поставьте оценку от 1 до 5')).toBeTruthy()
    expect(screen.getByText('Напишите не меньше 10 символов')).toBeTruthy()
    const ratings = screen.getByRole('group', { name: 'Оценка' })
    expect(within(ratings).getAllByRole('radio')).toHaveLength(5)
    await user.click(within(ratings).getByRole('radio', { name: '4 из 5' }))
    await user.type(screen.getByLabelText('Комментарий'), 'Аккуратно и вовремя.')
    await user.click(screen.getByRole('button', { name: 'Оставить отзыв' }))
    expect(await screen.findByTestId('review')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/42/review`)?.body).toEqual({
      rating: 4,
      comment: 'Аккуратно и вовремя.',
      service: 5,
    })
    expect(screen.queryByRole('button', { name: 'Оставить отзыв' })).toBeNull()
  })
})
