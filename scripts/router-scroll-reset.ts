import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const RESET = fileURLToPath(new URL('../src/lib/router-scroll-reset.ts', import.meta.url))

/**
 * Builds the browser's app with src/lib/router-scroll-reset.ts in place of @tanstack/router-core's
 * scroll-restoration.js: the app turns restoration off, and the router's module is then a kilobyte of gzip in the
 * first load of `/` that only resets the scroll. Only the router's own relative imports are redirected.
 */
export function routerScrollReset(): Plugin {
  return {
    name: 'router-scroll-reset',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './scroll-restoration.js' && importer?.includes('/@tanstack/router-core/dist/esm/'))
        return RESET
    },
  }
}
