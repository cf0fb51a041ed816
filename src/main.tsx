import { createRouter } from '@tanstack/react-router'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppRoot } from './app-root.tsx'
import { RouteError } from './components/chunk-error-notice.tsx'
import { afterFirstLoad } from './lib/after-first-load.ts'
import { loadRouteGuard } from './lib/lazy-route-guard.ts'
import { listenForChunkErrors } from './lib/chunk-reload.ts'
import { loginFromMiniApp } from './features/auth/mini-app-launch.ts'
import { startInTelegram } from './features/mini-app/in-telegram.ts'
import { listenToServiceWorker } from './lib/sw-messages.ts'
import { activateLocale, currentLocale, takeLocaleFromAddress } from './lib/locale.ts'
import { listenForEarlyLocaleChoice } from './lib/early-locale-choice.ts'
import { takesOverDrawnPage } from './lib/drawn-page.ts'
import { routeTree } from './route-tree.gen.ts'
import './styles.css'

// A route whose screen fails shows its error in the layout, which stays; a chunk that did not load is reloaded once
// (lib/chunk-reload.ts).
const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: false,
  defaultErrorComponent: RouteError,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

const root = document.getElementById('root')!
// A public page comes drawn by the server for a guest (server/modules/page-render). A guest's app takes that
// markup over as it is, once the page's screen and its messages are loaded; a member's app draws their own page
// (their menu, their guard) over it.
const takeOver = takesOverDrawnPage()
// Taps on its buttons are kept from the start (boot.ts).
if (takeOver) listenForEarlyLocaleChoice(root)

// The server's copy of the page's head (for crawlers and link previews) gives way to the one each screen draws; its
// structured data stays. A page taken over keeps it: the screen's own head adopts the same tags.
if (!takeOver)
  document.querySelectorAll('meta[data-server-head], link[data-server-head]').forEach((tag) => tag.remove())

// NOTE: in a function, not at the top level: a module with top-level await turns off the bundler's merging of
// shared chunks (rolldown's chunkOptimization), and `/` then loads some fifty small files instead of a few.
async function start() {
  // A chunk of an older version that is gone (a release since this page loaded) reloads the page into the new one.
  listenForChunkErrors()
  // The language first: every screen renders in it from its first paint.
  takeLocaleFromAddress()
  await activateLocale(currentLocale())

  const app = <AppRoot router={router} />
  if (takeOver) {
    // As on the server, the matched screens render without the router's own Suspense boundary around them.
    router.ssr = { manifest: undefined }
    await router.load()
    // As a transition, React hydrates in slices and lets the phone answer a tap between them, instead of one
    // long task over the whole page.
    startTransition(() => void hydrateRoot(root, app))
  } else createRoot(root).render(app)
  // Opened by Telegram as a Mini App: its login starts at once, its code loads only then. Inside Telegram (this
  // launch or an earlier one in the tab) the app takes Telegram's theme and back button; the check reads the
  // launch parameters before the login takes them out of the address.
  void startInTelegram(router)
  void loginFromMiniApp(router)

  afterFirstLoad(async () => (await import('./lib/pwa.ts')).registerServiceWorker())
  // The first page is shown: the route guard's code comes before the first tap on a link needs it.
  afterFirstLoad(loadRouteGuard)
  // A page drawn by the server asks nothing at first: the HTTP client loads before the first tap needs it. The
  // client itself is imported here, not at the top: nothing on the first screen calls it (catalogue-api.ts).
  afterFirstLoad(async () => (await import('./lib/api.ts')).api.preload())
  // A notification tapped while this window is opening must still lead to its page: the listener is tiny and
  // starts at once. Renewing the push subscription waits for the first screen.
  listenToServiceWorker((to) => void router.navigate({ href: to }))
  afterFirstLoad(async () => (await import('./features/push/push-boot.ts')).startPush())
}

void start()
