import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, normalize } from 'node:path'

/** Uploaded files on the local disk under DATA_DIR/uploads, outside the web root; object storage can replace it. */
export function createLocalStorage(dataDir: string) {
  const root = join(dataDir, 'uploads')
  return {
    /** Stores bytes in a folder and answers the public path they are served at. */
    async save(folder: string, bytes: Buffer, extension: string) {
      const name = `${randomUUID()}.${extension}`
      await mkdir(join(root, folder), { recursive: true })
      await writeFile(join(root, folder, name), bytes)
      return `/api/uploads/${folder}/${name}`
    },
    async read(path: string): Promise<Buffer | undefined> {
      const file = normalize(join(root, path))
      if (!file.startsWith(root)) return undefined
      return readFile(file).catch(() => undefined)
    },
  }
}
export type LocalStorage = ReturnType<typeof createLocalStorage>
