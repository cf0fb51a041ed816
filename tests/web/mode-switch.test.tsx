import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const ORDER_PATH = '/mastera-po-remontu/elektrika/select'

describe('an executor who picks a service to order', () => {
  beforeEach(() => {
    // The home page's carousels and lazy sections ask the browser for these; jsdom has neither.
    window.matchMedia ??= ((query: string) =>
      ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never) as never
    globalThis.IntersectionObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return []
      }
    } as never
    useSession.setState({ token: 'token', profile: profileOf({ type: 'executor' }) as never })
  })

  it('is told why the order flow is closed and can switch to customer mode and carry on', async () => {
    const api = stubApi({
      [`PUT ${V1}/profile/7`]: ({ body }) => ({ json: profileOf({ type: (body as { type: string }).type }) }),
    })
    const router = openApp(ORDER_PATH)
    // The notice and its messages load on demand.
    const dialog = await screen.findByRole('dialog', { name: 'Вы в режиме специалиста' }, { timeout: 5_000 })
    expect(dialog.textContent).toContain('Заказы оформляются в режиме заказчика')
    expect(router.state.location.pathname).toBe('/')

    await userEvent.click(screen.getByRole('button', { name: 'Перейти в режим заказчика и заказать' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(ORDER_PATH))
    expect(api.last('PUT', `${V1}/profile/7`)?.body).toEqual({ type: 'customer' })
    expect(useSession.getState().profile?.type).toBe('customer')
    expect(screen.queryByRole('dialog', { name: 'Вы в режиме специалиста' })).toBeNull()
  })

  it('can stay a specialist on the home page', async () => {
    const api = stubApi({})
    const router = openApp(ORDER_PATH)
    await userEvent.click(
      await screen.findByRole('button', { name: 'Остаться специалистом' }, { timeout: 5_000 }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(router.state.location.pathname).toBe('/')
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([])
    expect(useSession.getState().profile?.type).toBe('executor')
  })
})
