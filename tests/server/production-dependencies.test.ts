import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { glob } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'

// The production image installs `dependencies` alone (Dockerfile: npm ci --omit=dev): what the server, the contract
// and the operators' commands import at run time must be there, or the image fails at start. The web app's
// libraries are devDependencies: Vite bundles them into dist/ and dist-ssr/ (ssr.noExternal).
const OPERATOR_SCRIPTS = [
  'scripts/backup.ts',
  'scripts/backup-format.ts',
  'scripts/restore.ts',
  'scripts/support-staff.ts',
  'scripts/moderator.ts',
  'scripts/promo-code.ts',
  'scripts/payment-refund.ts',
  'scripts/telegram.ts',
]
// Bare imports Vite leaves in dist-ssr/ (looked up by `grep 'from "' dist-ssr`): they resolve in the image too.
const LEFT_EXTERNAL_BY_THE_RENDERER = ['@lingui/core', 'socket.io-client']

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** The packages a file imports for its run time: type-only imports are erased and do not count. */
function packagesImportedBy(source: string) {
  const names = new Set<string>()
  const imports =
    /(?:^|\n)\s*(import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
  for (const match of source.matchAll(imports)) {
    const name = match[2] ?? match[3]!
    if (/^[.#/]/.test(name) || name.startsWith('node:') || builtinModules.includes(name.split('/')[0]!))
      continue
    const parts = name.split('/')
    names.add(name.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!)
  }
  return names
}

describe('the production image’s dependencies', () => {
  it('hold every package the server, the contract and the operators’ commands import', async () => {
    const files = [...OPERATOR_SCRIPTS]
    for await (const file of glob('{server,contract}/**/*.ts')) files.push(file)
    expect(files.length).toBeGreaterThan(100)
    const missing: string[] = []
    for (const file of files) {
      for (const name of packagesImportedBy(readFileSync(file, 'utf8')))
        if (!(name in packageJson.dependencies)) missing.push(`${file}: ${name}`)
    }
    expect(missing).toEqual([])
    for (const name of LEFT_EXTERNAL_BY_THE_RENDERER) expect(packageJson.dependencies).toHaveProperty([name])
  })

  it('leave out the web app’s libraries, which the build bundles', () => {
    for (const name of ['react-dom', 'maplibre-gl', '@tanstack/react-router', 'lucide-react', 'dexie'])
      expect(packageJson.devDependencies).toHaveProperty([name])
  })
})
