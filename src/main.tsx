import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterFirstLoad } from './lib/after-first-load.ts'
import { listenToServiceWorker } from './lib/sw-messages.ts'
import { activateLocale, currentLocale, takeLocaleFromAddress } from './lib/locale.ts'
import { registerServiceWorker } from './lib/pwa.ts'
import { routeTree } from './route-tree.gen.ts'
import './styles.css'

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: false })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// The server's copy of the page's head (for crawlers and link previews) gives way to the one each screen draws;
// its structured data stays.
document.querySelectorAll('meta[data-server-head], link[data-server-head]').forEach((tag) => tag.remove())

// The language first: every screen renders in it from its first paint.
takeLocaleFromAddress()
await activateLocale(currentLocale())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
)

registerServiceWorker()
// A notification tapped while this window is opening must still lead to its page: the listener is tiny and starts
// at once. Renewing the push subscription waits for the first screen.
listenToServiceWorker((to) => void router.navigate({ href: to }))
afterFirstLoad(async () => (await import('./features/push/push-boot.ts')).startPush())
