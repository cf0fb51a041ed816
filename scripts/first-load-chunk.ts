import type { Plugin } from 'vite'

type CodeSplittingGroup = { name: string; test: (id: string) => boolean; priority: number }

/**
 * Puts every module the entry imports statically (the first screen's code) into one chunk, `app`.
 *
 * NOTE: rolldown merges the chunks that modules shared between the entry and lazy screens would otherwise form
 * (its chunkOptimization), but it turns that off for the whole build when any module awaits at its top level, and
 * the lazy screens await their message catalogs (docs/decisions/007). `/` then loaded fifty files of a few hundred
 * bytes each: each a request on a phone's slow link, and worse gzip than one file.
 *
 * Lucide's icons are left out: the package's index imports all of them, and only the ones the first screen draws
 * belong in its chunk (those come along anyway as that index's dependencies, once the bundler has dropped the rest).
 */
export function firstLoadChunk(
  entry: string,
  bootEntry: string,
): {
  plugin: Plugin
  groups: CodeSplittingGroup[]
  /** Whether a built file is the app's entry chunk (what `entry` became). */
  isApp: (file: string) => boolean
} {
  const firstLoad = new Set<string>()
  const withEntry = new Set<string>()
  // The chunk the entry module becomes is named after its file: /src/main.tsx is assets/main-[hash].js.
  const appChunk = new RegExp(
    `(^|/)${entry
      .split('/')
      .pop()!
      .replace(/\.\w+$/, '')}-[\\w-]+\\.js$`,
  )
  const plugin: Plugin = {
    name: 'first-load-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()]
      // What the page's own entry (src/boot.ts) imports runs before the app's code is fetched: it stays with the
      // entry, or the entry would import the whole app's chunk at once.
      const boot = ids.find((id) => id.endsWith(bootEntry))
      for (const id of this.getModuleInfo(boot ?? '')?.importedIds ?? []) withEntry.add(id)
      const start = ids.find((id) => id.endsWith(entry))
      if (!start) return
      const pending = [start]
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (firstLoad.has(id)) continue
        firstLoad.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
    // The entry loads the app with a dynamic import (src/boot.ts): the page names the app's chunks and styles itself,
    // so that they are fetched with the page and not one round trip after the entry.
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((chunk) =>
            chunk.type === 'chunk' ? [[chunk.fileName, chunk]] : [],
          ),
        )
        const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(entry))
        if (!start) return []
        const scripts = new Set<string>()
        const styles = new Set<string>()
        const pending = [start.fileName]
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          const chunk = chunks.get(file)
          if (!chunk || scripts.has(file)) continue
          scripts.add(file)
          chunk.viteMetadata?.importedCss.forEach((sheet) => styles.add(sheet))
          pending.push(...chunk.imports)
        }
        const absent = (file: string) => !html.includes(`/${file}"`)
        return [
          ...[...styles].filter(absent).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...scripts].filter(absent).map((file) => ({
            tag: 'link',
            // Marked: a page drawn on the server leaves them out, and fetches them after its first paint.
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app': true },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
  const groups = [
    // Vite's own helpers (ids starting with \0) go apart, first: the entry uses them too, and importing them from
    // the app's chunk would run the whole app before the entry's own code.
    { name: 'vite-helpers', priority: 2, test: (id: string) => id.startsWith('\0vite/') },
    // The entry's own few lines (early taps) go apart too: in the app's chunk they would fetch the whole app with
    // the entry, before the page's first paint.
    { name: 'boot', priority: 2, test: (id: string) => withEntry.has(id) && !id.startsWith('\0') },
    {
      name: 'app',
      priority: 1,
      test: (id: string) => firstLoad.has(id) && !id.includes('/lucide-react/dist/esm/icons/'),
    },
  ]
  return {
    plugin,
    groups,
    isApp: (file) => appChunk.test(file),
  }
}
