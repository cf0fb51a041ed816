/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies'
import { CRAWLER_FILES } from '#contract/crawler-files.ts'
import { registerOutbox } from './outbox.ts'
import { registerPush } from './push.ts'

declare const self: ServiceWorkerGlobalScope

const OFFLINE_PAGE = '/offline.html'

// The app shell (HTML, the entry chunks, CSS, icons) as built: the app opens with no network after one visit.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every app route is the same single page: serve the cached shell and let the router draw the screen. The API,
// the docs, socket.io's polling transport, robots.txt and the sitemap are not app routes and must never get the shell
// instead of their answer.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/sw\.js$/, /^\/socket\.io\//, CRAWLER_FILES],
  }),
)

// Other pages (the API docs) come from the network; when there is none, the catch handler below answers.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly())

// The catalogue, settings and texts: fresh when the network answers within 5 s, else the last answer kept here.
// (The app also keeps them in IndexedDB, where it can tell the person that they see saved data.)
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    /^\/api\/fika\/freelancer\/v1\.0\.1\/(categories|services|settings|marquee|pages|legal|blog)\b/.test(
      url.pathname,
    ),
  new NetworkFirst({
    cacheName: 'api-catalogue',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
)

// Pictures change rarely and are many: cache first, at most 200, for 30 days. Nothing under /api/ is kept: not the
// identity documents' photos (/api/documents, signed links for one moderator, sent no-store) nor the moderation
// API's answers (/api/admin), which no rule here matches; the console's chunks are left out of the precache
// (vite.config.ts).
registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

// Orders' photos are served under /api/uploads/orders/ and are as public as their orders: kept once shown, so a
// specialist's jobs show theirs offline. Only that folder: identity documents (/api/uploads/documents) never are.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/uploads/orders/'),
  new CacheFirst({
    cacheName: 'order-photos',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// The map's code is left out of the precache (vite.config.ts) and kept once used: hashed names never change.
registerRoute(
  ({ url }) => /^\/assets\/(maplibre-|uzbekistan-outline-)/.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-code',
    plugins: [new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 90 * 24 * 3600 })],
  }),
)

// The tiles of a configured map style (MAP_STYLE_URL, any host), as a map fetched them or as the day's view fetched
// them ahead around each job (features/map/keep-maps-offline.ts): a job's neighbourhood reads again offline, drawn
// over the bundled style (features/map/kept-map-style.ts). Bounded: the oldest go first.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    !url.pathname.startsWith('/api/') &&
    /\/\d{1,2}\/\d+\/\d+(@2x)?\.(pbf|mvt|png|jpg|jpeg|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-tiles',
    // MapLibre fetches tiles with CORS, so only whole 200 answers are kept (CacheFirst's default), never opaque ones.
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Publishing an order, replying or a step of the day with no network: kept here and sent later (outbox.ts).
registerOutbox()

// Browser push: show every push, open its page on a click, renew a subscription the browser replaced (push.ts).
registerPush(self)

// What cannot be shown offline (a page outside the app, such as the API docs) gets the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
  return Response.error()
})

// The page decides when a waiting version takes over (the update prompt), so nothing reloads under a person typing.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
