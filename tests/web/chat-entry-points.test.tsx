import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import type { PublicProfile } from '#contract/schemas/specialists.ts'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { loadHomeCatalog } from '#src/features/home/catalog.ts'
import { FaqBlock } from '#src/features/home/components/faq-block.tsx'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

// The tests end on the conversation screen, which keeps conversations in IndexedDB (jsdom has none).
vi.mock('#src/features/chats/local-cache.ts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chats-fixtures.ts')).memoryCache,
}))

beforeAll(async () => {
  await Promise.all([loadOrderViewCatalog(), loadHomeCatalog()])
})

beforeEach(() => {
  act(() => {
    useSession.getState().clear()
    useAuthModal.getState().close()
  })
})

const as = (profile: ReturnType<typeof profileOf> | null) =>
  act(() => useSession.setState({ token: profile ? 'token' : null, profile: profile as Profile | null }))

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

/** The conversation the server answers to POST /chats and /chats/support; the buttons need only its id. */
const chatOf = (id: number, kind: 'order' | 'direct' | 'support' = 'direct') => ({
  json: {
    id,
    kind,
    order: null,
    other: {
      id: kind === 'support' ? null : 42,
      name: 'Бобур Каримов',
      photo: null,
      verification: 1,
      is_online: false,
      last_seen_at: null,
      support: kind === 'support',
      slug: null,
    },
    last_message: null,
    unread: 0,
    delivered_up_to: 0,
    read_up_to: 0,
    my_read_up_to: 0,
    blocked: 'none',
    as_support: false,
    updated_at: '2026-11-24T09:00:00.000Z',
  },
})

const publicProfile = (): PublicProfile => ({
  id: 42,
  slug: 'bobur-karimov-42',
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
  specialities: [],
  documents: [],
  works: [],
  latest_reviews: [],
  created_at: '2026-01-10T10:00:00.000Z',
})

const profileApi = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
    [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    ...extra,
  })

describe('"Go to chat" on a specialist’s public profile', () => {
  it('opens the conversation with the specialist and goes to it', async () => {
    as(profileOf({ id: 7, type: 'customer' }))
    const user = userEvent.setup()
    const api = profileApi({ [`POST ${V1}/chats`]: () => ({ status: 201, json: chatOf(77).json }) })
    const router = openApp('/profile/bobur-karimov-42')
    await user.click(await screen.findByRole('button', { name: 'Перейти в чат' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/77'))
    expect(api.last('POST', `${V1}/chats`)!.body).toEqual({ user_id: 42 })
  })

  it('is not offered on one’s own profile', async () => {
    as(profileOf({ id: 42, type: 'executor' }))
    profileApi()
    openApp('/profile/bobur-karimov-42')
    expect(await screen.findByRole('button', { name: 'Поделиться' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Перейти в чат' })).toBeNull()
  })

  it('asks a guest to log in, then opens the chat once they have', async () => {
    const user = userEvent.setup()
    const api = profileApi({ [`POST ${V1}/chats`]: () => ({ json: chatOf(78).json }) })
    const router = openApp('/profile/bobur-karimov-42')
    await user.click(await screen.findByRole('button', { name: 'Перейти в чат' }))
    expect(useAuthModal.getState()).toMatchObject({ open: 'login', stayOnPage: true })
    expect(api.last('POST', `${V1}/chats`)).toBeUndefined()

    // What the login modal does on success: the session first, then it closes.
    act(() => {
      useSession.getState().setSession({ token: 'token', profile: profileOf({ id: 7 }) as Profile })
      useAuthModal.getState().close()
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/78'))
  })

  it('opens nothing when the guest closes the login instead', async () => {
    const user = userEvent.setup()
    const api = profileApi({ [`POST ${V1}/chats`]: () => ({ json: chatOf(78).json }) })
    openApp('/profile/bobur-karimov-42')
    await user.click(await screen.findByRole('button', { name: 'Перейти в чат' }))
    act(() => useAuthModal.getState().close())
    act(() => useSession.getState().setSession({ token: 'token', profile: profileOf() as Profile }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.last('POST', `${V1}/chats`)).toBeUndefined()
  })

  it('shows the server’s refusal in the person’s language and stays on the profile', async () => {
    as(profileOf({ id: 7, type: 'customer' }))
    const user = userEvent.setup()
    profileApi({
      [`POST ${V1}/chats`]: () => ({
        status: 403,
        json: errorBody('forbidden', 'chat_blocked', 'Переписка с этим пользователем заблокирована'),
      }),
    })
    const router = openApp('/profile/bobur-karimov-42')
    const chat = await screen.findByRole('button', { name: 'Перейти в чат' })
    await user.click(chat)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Переписка с этим пользователем заблокирована',
    )
    expect(chat.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    expect(router.state.location.pathname).toBe('/profile/bobur-karimov-42')
  })
})

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
  district_id: null,
  address: null,
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
  replies_count: 2,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: false,
  location_exact: false,
  contact: null,
  ...overrides,
})

const replyOf = (executorId: number, name: string) => ({
  id: executorId,
  order_id: 42,
  executor_id: executorId,
  message: 'Сделаю завтра утром.',
  created_at: '2026-11-21T10:00:00.000Z',
  executor_name: name,
  executor_slug: `specialist-${executorId}`,
  executor_rating: 0,
  executor_reviews_count: 0,
  executor_verified: false,
})

const orderApi = (order: ReturnType<typeof orderOf>, replies: ReturnType<typeof replyOf>[]) =>
  stubApi({
    [`GET ${V1}/orders/42`]: () => ({ json: order }),
    [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: replies } }),
    [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    [`POST ${V1}/chats`]: () => ({ json: chatOf(90, 'order').json }),
  })

describe('the order page', () => {
  it('gives the customer a chat with each specialist who replied, about this order', async () => {
    as(profileOf({ id: 7, type: 'customer' }))
    const user = userEvent.setup()
    const api = orderApi(orderOf(), [replyOf(9, 'Jasur Karimov'), replyOf(11, 'Aziz Tursunov')])
    const { router } = renderInApp(<OrderScreen orderId={42} />)
    const replies = await screen.findAllByRole('listitem')
    const aziz = replies.find((reply) => reply.textContent!.includes('Aziz Tursunov'))!
    await user.click(within(aziz).getByRole('button', { name: 'Написать: Aziz Tursunov' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/90'))
    expect(api.last('POST', `${V1}/chats`)!.body).toEqual({ user_id: 11, order_id: 42 })
  })

  it('gives the specialist who replied a chat with the customer', async () => {
    as(profileOf({ id: 9, type: 'executor' }))
    const user = userEvent.setup()
    const api = orderApi(orderOf(), [replyOf(9, 'Jasur Karimov')])
    renderInApp(<OrderScreen orderId={42} />)
    await user.click(await screen.findByRole('button', { name: 'Написать заказчику' }))
    await waitFor(() => expect(api.last('POST', `${V1}/chats`)!.body).toEqual({ user_id: 7, order_id: 42 }))
  })

  it('gives the specialist of a direct order one chat with the customer', async () => {
    as(profileOf({ id: 9, type: 'executor' }))
    orderApi(orderOf({ is_direct: true, executor_id: 9, status: 'inactive' }), [])
    renderInApp(<OrderScreen orderId={42} />)
    await screen.findByRole('heading', { name: 'Повесить люстру' })
    expect(await screen.findAllByRole('button', { name: 'Написать заказчику' })).toHaveLength(1)
  })

  it('gives the customer of a direct order a chat with its specialist', async () => {
    as(profileOf({ id: 7, type: 'customer' }))
    const user = userEvent.setup()
    const api = orderApi(orderOf({ is_direct: true, executor_id: 9, status: 'inactive' }), [])
    renderInApp(<OrderScreen orderId={42} />)
    await user.click(await screen.findByRole('button', { name: 'Написать специалисту' }))
    await waitFor(() => expect(api.last('POST', `${V1}/chats`)!.body).toEqual({ user_id: 9, order_id: 42 }))
  })

  it('offers another specialist who has not replied no chat', async () => {
    as(profileOf({ id: 11, type: 'executor' }))
    orderApi(orderOf(), [])
    renderInApp(<OrderScreen orderId={42} />)
    await screen.findByRole('heading', { name: 'Повесить люстру' })
    await screen.findByLabelText('Ваш отклик')
    expect(screen.queryByRole('button', { name: 'Написать заказчику' })).toBeNull()
  })
})

describe('the support chat', () => {
  const supportApi = () =>
    stubApi({
      [`GET ${V1}/pages/support`]: () => ({
        json: {
          slug: 'support',
          title: 'Поддержка',
          description: 'Как связаться с нами',
          body: 'Пишите нам.',
        },
      }),
      [`POST ${V1}/chats/support`]: () => ({ json: chatOf(5, 'support').json }),
    })

  it('opens from /support for a member', async () => {
    as(profileOf({ id: 7 }))
    const user = userEvent.setup()
    const api = supportApi()
    const router = openApp('/support')
    await user.click(await screen.findByRole('button', { name: 'Открыть чат поддержки' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/5'))
    expect(api.last('POST', `${V1}/chats/support`)).toBeTruthy()
  })

  it('asks a guest on /support to log in first', async () => {
    const user = userEvent.setup()
    const api = supportApi()
    openApp('/support')
    await user.click(await screen.findByRole('button', { name: 'Открыть чат поддержки' }))
    expect(useAuthModal.getState().open).toBe('login')
    expect(api.last('POST', `${V1}/chats/support`)).toBeUndefined()
  })

  it('opens straight from the home page’s questions for a member, and is a link to /support for a guest', async () => {
    const user = userEvent.setup()
    const api = supportApi()
    const guest = renderInApp(<FaqBlock />)
    const link = await screen.findByRole('link', { name: 'Спросите в чате поддержки' })
    expect(link.getAttribute('href')).toBe('/support')
    guest.unmount()

    as(profileOf({ id: 7 }))
    const { router } = renderInApp(<FaqBlock />)
    await user.click(await screen.findByRole('link', { name: 'Спросите в чате поддержки' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/5'))
    expect(api.last('POST', `${V1}/chats/support`)).toBeTruthy()
  })
})
