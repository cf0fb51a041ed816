import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type ManifestChunk = { file: string; css?: string[]; imports?: string[] }
type Manifest = Record<string, ManifestChunk>

/**
 * The style sheets of the routes that drew a page, from the build's manifest (`build.manifest` in vite.config.ts).
 *
 * NOTE: a route's screen is a lazy chunk, and in the browser its styles arrive only once the script has loaded
 * it: a page drawn on the server would show unstyled and then move. Its sheets go in the page's head instead (the
 * browser's loader sees them there and does not add them twice).
 */
export function createRouteStyles(webRoot: string) {
  const path = join(webRoot, '.vite', 'manifest.json')
  const manifest: Manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : {}

  /** A split route's screen, as the router plugin names it: `/blog/` is blog/index.tsx, `/post/$slug` post/$slug.tsx. */
  const screenOf = (routeId: string) =>
    `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx?tsr-split=component`

  function sheetsOf(key: string, found: Set<string>, seen: Set<string>) {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const sheet of chunk.css ?? []) found.add(`/${sheet}`)
    for (const imported of chunk.imports ?? []) sheetsOf(imported, found, seen)
  }

  const cache = new Map<string, string[]>()
  return function stylesOf(routeIds: string[]): string[] {
    const key = routeIds.join(' ')
    let sheets = cache.get(key)
    if (!sheets) {
      const found = new Set<string>()
      const seen = new Set<string>()
      for (const routeId of routeIds) sheetsOf(screenOf(routeId), found, seen)
      sheets = [...found]
      cache.set(key, sheets)
    }
    return sheets
  }
}
