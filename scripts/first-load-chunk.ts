import type { Plugin } from 'vite'

type CodeSplittingGroup = { name: string; test: (id: string) => boolean }

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
export function firstLoadChunk(entry: string): { plugin: Plugin; group: CodeSplittingGroup } {
  const firstLoad = new Set<string>()
  const plugin: Plugin = {
    name: 'first-load-chunk',
    apply: 'build',
    buildEnd() {
      const start = [...this.getModuleIds()].find((id) => id.endsWith(entry))
      if (!start) return
      const pending = [start]
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (firstLoad.has(id)) continue
        firstLoad.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  const group = {
    name: 'app',
    test: (id: string) => firstLoad.has(id) && !id.includes('/lucide-react/dist/esm/icons/'),
  }
  return { plugin, group }
}
