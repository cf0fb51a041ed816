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
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'

// What the browsers and Vite say when a chunk of a version that is gone cannot be fetched.
const GONE_SCRIPT =
  'Failed to fetch dynamically imported module: http://localhost:8080/assets/order-screens-B1c2D3e4.js'
const GONE_STYLES = 'Unable to preload CSS for http://localhost:8080/assets/order-wizard-Xy7Zq1w2.css'

/** The page's location, with a reload that only counts (jsdom cannot reload). */
let reload: ReturnType<typeof vi.fn>
beforeEach(() => {
  reload = vi.fn()
  vi.stubGlobal('location', { href: 'http://localhost:8080/', reload })
})

/** Vite's event for a lazy import (or its stylesheet) that failed in a build. */
function preloadError(message: string) {
  const event = new Event('vite:preloadError', { cancelable: true })
  act(() => void window.dispatchEvent(Object.assign(event, { payload: new TypeError(message) })))
}

/**
 * The app's code as a page load starts it: fresh modules (what a reload gives), listening for failed chunks. What
 * the tab keeps (sessionStorage) stays, as it does across a reload.
 */
async function openPage() {
  vi.resetModules()
  const chunks = await import('#src/lib/chunk-reload.ts')
  const notice = await import('#src/components/chunk-error-notice.tsx')
  chunks.listenForChunkErrors()
  return { ...chunks, ...notice }
}

describe('a chunk that fails to load after a release', () => {
  it('reloads the page once into the new version, and not for an error of the code itself', async () => {
    const { ChunkErrorNotice } = await openPage()
    render(
      <I18nProvider i18n={i18n}>
        <ChunkErrorNotice />
      </I18nProvider>,
    )
    preloadError("Cannot read properties of undefined (reading 'name')")
    expect(reload).not.toHaveBeenCalled()

    preloadError(GONE_SCRIPT)
    expect(reload).toHaveBeenCalledOnce()
    // Its stylesheet failing too, before the page has gone, is the same reload.
    preloadError(GONE_STYLES)
    expect(reload).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says so with a button to reload, instead of reloading again, when it fails again soon after the reload', async () => {
    await openPage()
    preloadError(GONE_SCRIPT)
    expect(reload).toHaveBeenCalledOnce()

    // The reloaded page: a minute later, a chunk (here a stylesheet) fails again.
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] })
    const { ChunkErrorNotice } = await openPage()
    render(
      <I18nProvider i18n={i18n}>
        <ChunkErrorNotice />
      </I18nProvider>,
    )
    preloadError(GONE_STYLES)
    expect(reload).toHaveBeenCalledOnce()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Часть страницы не загрузилась. Обновите её: черновики сохранятся.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Обновить' }))
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('keeps the layout when a screen’s chunk fails again, showing the notice in place of the screen', async () => {
    await openPage()
    preloadError(GONE_SCRIPT)
    expect(reload).toHaveBeenCalledOnce()

    const { ChunkErrorNotice, RouteError } = await openPage()
    const root = createRootRoute({
      component: () => (
        <>
          <header>Fika</header>
          <Outlet />
          <ChunkErrorNotice />
        </>
      ),
    })
    const screenThatDidNotLoad = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        throw new TypeError(GONE_SCRIPT)
      },
    })
    const router = createRouter({
      routeTree: root.addChildren([screenThatDidNotLoad]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteError,
    })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByText('Fika')).toBeTruthy()
    expect(screen.queryByText(/Something went wrong/)).toBeNull()
    expect(reload).toHaveBeenCalledOnce()
  })
})
