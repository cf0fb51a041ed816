import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { firstLoadChunk } from './scripts/first-load-chunk.ts'
import { routerScrollReset } from './scripts/router-scroll-reset.ts'
import { manifest } from './src/pwa-manifest.ts'

const firstLoad = firstLoadChunk('/src/main.tsx', '/src/boot.ts')

/**
 * The moderation console (src/features/admin) is built as chunks named `admin-*`, so that the precache can leave them
 * out by name: they are fetched by moderators only, never pushed to every visitor's phone. Its catalogs are one
 * chunk per language (`admin-words-ru-*`), as every feature's are; the screens the routes import lazily are files
 * named `admin-*` too, since each gets a small chunk of its own named after it.
 */
const adminChunk = {
  debugName: 'admin',
  name: (id: string) => {
    if (!id.includes('/src/features/admin/')) return null
    const catalog = /\/locales\/(\w+)\.po$/.exec(id)
    return catalog ? `admin-words-${catalog[1]}` : 'admin'
  },
  // NOTE: only the console's own modules: by default a group takes every module they import too (the modal, the date
  // formats, the API client), and the screens of everyone else would then fetch the console's chunk for those.
  includeDependenciesRecursively: false,
}

const nodeModule = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url))
/**
 * The browser's build takes React's production files directly instead of through the packages' index files, which
 * choose a file by NODE_ENV at run time (`module.exports = require(...)`): imported directly, the bundler drops
 * the exports nobody uses (react-dom's preload, preinit and form helpers), ~0.2 KB of the first load. Development
 * and the tests keep the usual entry points (and React's development warnings).
 */
const reactProductionBuilds = [
  { find: /^react$/, replacement: nodeModule('react/cjs/react.production.js') },
  { find: /^react\/jsx-runtime$/, replacement: nodeModule('react/cjs/react-jsx-runtime.production.js') },
  { find: /^react-dom$/, replacement: nodeModule('react-dom/cjs/react-dom.production.js') },
  { find: /^react-dom\/client$/, replacement: nodeModule('react-dom/cjs/react-dom-client.production.js') },
  { find: /^scheduler$/, replacement: nodeModule('scheduler/cjs/scheduler.production.js') },
]

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    !isSsrBuild && firstLoad.plugin,
    // The server's renderer never scrolls: it keeps the router's module.
    !isSsrBuild && routerScrollReset(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
      // The home page is the first paint of most visits: it ships in the entry instead of one round trip later.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    // plugin-react 6 has no babel option: the Lingui macros go through the rolldown babel plugin.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // The server's renderer (src/entry-server.tsx) has no service worker or manifest of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'service-worker',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        injectManifest: {
          // The shell, its chunks and the four language catalogs (a few KB each) are precached: the catalog of the
          // first visit loads before the worker exists, so only the precache can have it for an offline reload.
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // The map (MapLibre, its worker and the bundled outline, ~460 KB gzip) is not pushed to every visitor's
          // phone: the service worker caches it the first time the map opens (sw.ts), and offline it works from then.
          // Firebase (src/features/push/firebase.ts) loads only where the server uses FCM and push is on.
          globIgnores: [
            'screenshots/**',
            'assets/maplibre-*',
            'assets/uzbekistan-outline-*',
            'assets/firebase-*',
            // The moderation console's code, styles and words: for moderators only, fetched when one opens /admin.
            'assets/admin-*',
          ],
        },
        devOptions: { enabled: false },
      }),
    // A .br and a .gz beside each text file, which the server sends as they are (server/plugins/web-app.ts): the
    // files are compressed once at the best level instead of on every request. Source maps are for debugging.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
      }),
  ],
  // The renderer carries its own copy of React and the libraries, built for production, so the server process
  // renders with React's production build whatever NODE_ENV the server itself runs in.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  resolve: {
    alias: [
      ...(command === 'build' && !isSsrBuild ? reactProductionBuilds : []),
      // The router's store asks for the shim that brings useSyncExternalStore to React 17; React 19 has it, and the
      // package's own non-shim entry uses it (less code in the first load).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // The server links a rendered page's route styles from it (server/modules/page-render/route-styles.ts).
    manifest: !isSsrBuild,
    // The renderer is one file on the server, with React and every screen in it.
    chunkSizeWarningLimit: isSsrBuild ? 2000 : 300,
    // The first screen's code in one file instead of fifty (scripts/first-load-chunk.ts).
    ...(!isSsrBuild && {
      rolldownOptions: { output: { codeSplitting: { groups: [...firstLoad.groups, adminChunk] } } },
    }),
    modulePreload: {
      // Chromium, Firefox and Safari 17+ know modulepreload; an older Safari still runs the app, fetching each
      // file as it is imported, so the polyfill is not worth its bytes on every first load.
      polyfill: false,
      // NOTE: every lazy import otherwise carries the list of every chunk its target needs, and the route options
      // of every route load with the first screen: those lists cost / more than a kilobyte. The page's own
      // entry keeps its preloads; a lazy screen fetches its imports as it runs (after a first visit they come from
      // the service worker's precache, so there is no network round trip in that chain).
      // The app itself, which the entry imports after the first paint (src/boot.ts), is fetched in one go too.
      resolveDependencies: (file, dependencies, { hostType }) =>
        hostType === 'html' || firstLoad.isApp(file) ? dependencies : [],
    },
  },
  server: {
    port: 5173,
    // The API and its sockets (SOCKET_PATH, polling and WebSocket upgrades) live on the API server's port.
    proxy: { '/api': 'http://localhost:8080', '/socket.io': { target: 'http://localhost:8080', ws: true } },
  },
}))
