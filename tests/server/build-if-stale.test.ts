import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildIsStale } from '../../scripts/build-if-stale.ts'

let project: string
beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), 'fika-build-'))
})
afterEach(async () => {
  await rm(project, { recursive: true, force: true })
})

/** Writes a file of the fake project dated `minutesAgo` before now. */
async function fileAt(path: string, minutesAgo: number) {
  const full = join(project, path)
  await mkdir(dirname(full), { recursive: true })
  await writeFile(full, '')
  const when = new Date(Date.now() - minutesAgo * 60_000)
  await utimes(full, when, when)
  // Making a file dates its folders now, and a folder's date counts (a removed file must rebuild too): the
  // fake project's folders are dated long ago, so only the files' own dates decide.
  for (let folder = dirname(full); folder !== project; folder = dirname(folder))
    await utimes(folder, new Date(0), new Date(0))
}

describe('npm start builds the web app only when it is stale', () => {
  it('builds when there is no build yet, or only one of the two', async () => {
    await fileAt('src/main.tsx', 60)
    expect(await buildIsStale(project)).toBe(true)
    await fileAt('dist/index.html', 10)
    expect(await buildIsStale(project)).toBe(true)
  })

  it('reuses a build newer than every source', async () => {
    await fileAt('src/features/chat/locales/ru.po', 60)
    await fileAt('index.html', 60)
    await fileAt('dist/index.html', 10)
    await fileAt('dist-ssr/entry-server.js', 5)
    expect(await buildIsStale(project)).toBe(false)
  })

  it('rebuilds after any source changed, however deep, and after a config or a catalog changed', async () => {
    await fileAt('dist/index.html', 10)
    await fileAt('dist-ssr/entry-server.js', 5)
    for (const source of ['src/features/chat/locales/ru.po', 'contract/errors.ts', 'vite.config.ts']) {
      await fileAt(source, 1)
      expect(await buildIsStale(project), source).toBe(true)
      await fileAt(source, 60)
    }
    expect(await buildIsStale(project)).toBe(false)
  })
})
