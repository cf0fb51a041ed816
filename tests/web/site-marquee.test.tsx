import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { stubApi, V1 } from './helpers.tsx'

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const MARQUEE = [
  { id: 1, title: 'Размещение заказа — бесплатно' },
  { id: 2, title: 'Отклики специалистов за 10–20 минут' },
]

beforeEach(() => {
  useSession.getState().clear()
  stubApi({
    [`GET ${V1}/marquee`]: () => ({ json: { collection: MARQUEE } }),
    [`GET ${V1}/categories`]: () => ({ json: { collection: [] } }),
  })
  // The home page's lower sections wait to be scrolled to; jsdom has no observer and nobody scrolls here.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

describe('the marquee', () => {
  it.each(['/', '/support', '/executors', '/about'])('runs under the header on %s', async (path) => {
    openApp(path)
    const strip = await screen.findByRole('region', { name: 'Новости' })
    expect(within(strip).getAllByText('Размещение заказа — бесплатно')).toHaveLength(2)
    expect(screen.getAllByRole('region', { name: 'Новости' })).toHaveLength(1)
  })
})

describe('the home page', () => {
  it('claims no service or order counts the catalogue does not have', async () => {
    openApp('/')
    await screen.findByRole('heading', { name: 'Услуги по категориям' })
    expect(document.body.textContent).not.toMatch(/10[\s,]000|300[\s,]000/)
  })
})
