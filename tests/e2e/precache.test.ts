import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const DIST = join(import.meta.dirname, '../../dist')

/** The files the service worker stores at install (the build's precache manifest inside dist/sw.js). */
async function precached() {
  const worker = await readFile(join(DIST, 'sw.js'), 'utf8')
  return new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))
}

/** The chunks a built script imports before it runs: `import … from "./x.js"` and `import "./x.js"`. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => `assets/${match[1]}`)

describe('the precache of the built app', () => {
  test('holds every chunk a precached script imports, so no screen that works offline breaks on a missing one', async () => {
    const stored = await precached()
    const scripts = (await readdir(join(DIST, 'assets'))).filter((name) => name.endsWith('.js'))
    const missing: string[] = []
    for (const name of scripts) {
      if (!stored.has(`assets/${name}`)) continue
      const imports = staticImports(await readFile(join(DIST, 'assets', name), 'utf8'))
      // A language's stub of the console's words (`en-*.js` re-exporting `admin-words-en-*`) is loaded by the
      // console alone, which needs the network anyway.
      if (imports.length > 0 && imports.every((imported) => imported.startsWith('assets/admin-'))) continue
      for (const imported of imports) if (!stored.has(imported)) missing.push(`${name} -> ${imported}`)
    }
    expect(stored.size).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })

  test('leaves the moderation console out', async () => {
    const stored = [...(await precached())]
    expect(stored.filter((url) => url.startsWith('assets/admin'))).toEqual([])
  })
})
