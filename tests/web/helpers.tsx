import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'

/** Renders UI inside the app's providers and a router with `/` and `/account`, starting at `path`. */
export function renderInApp(ui: ReactNode, path = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  })
  const page = (to: string) =>
    createRoute({ getParentRoute: () => root, path: to, component: () => <p data-testid="page">{to}</p> })
  const router = createRouter({
    routeTree: root.addChildren([page('/'), page('/account')]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return { router, ...view }
}

type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }
type Answer = { status?: number; json: unknown }
type Handler = (call: Call) => Answer | Promise<Answer>

/**
 * Replaces fetch with answers shaped like the server's (contract/): the component tests check what the UI sends
 * and shows; the API itself is tested against the real server in tests/server and tests/e2e.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const url = new URL(request.url)
    const text = await request.text()
    const call: Call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    }
    calls.push(call)
    const handler = handlers[`${call.method} ${call.path}`]
    if (!handler)
      return new Response(
        JSON.stringify({ error: { type: 'not_found', code: 'not_found', message: 'Ничего не найдено' } }),
        { status: 404 },
      )
    const answer = await handler(call)
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  return {
    calls,
    last: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).at(-1),
  }
}

export const API = '/api/fika/freelancer'
export const V1 = `${API}/v1.0.1`

export const profileOf = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  slug: 'dilnoza-rahimova-7',
  type: 'customer',
  name: 'Dilnoza',
  surname: 'Rahimova',
  patronymic: null,
  username: '998901234567',
  email: null,
  avatar: null,
  avatar_thumb: null,
  photo: null,
  birthday: null,
  gender: 'not_specified',
  address: null,
  languages: [],
  rating: 0,
  reviews_count: 0,
  is_online: false,
  last_seen_at: null,
  verification: 0,
  accepts_orders: true,
  looking_for_internship: false,
  works_remotely: false,
  accepts_at_own_place: false,
  telegram_id: null,
  telegram_notifications: false,
  email_notifications: false,
  reply_template: null,
  role: 'user',
  email_status: 'none',
  discount_percent: 0,
  discount_text: null,
  about: null,
  district_ids: [],
  work_addresses: [],
  created_at: '2026-11-21T09:00:00.000Z',
  ...overrides,
})

export const errorBody = (
  type: string,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
) => ({
  error: { type, code, message, ...(fields && { fields }) },
})
