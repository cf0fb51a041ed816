import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'

/** Uploaded files on the local disk under DATA_DIR/uploads, outside the web root; object storage can replace it. */
export function createLocalStorage(dataDir: string) {
  const root = join(dataDir, 'uploads')
  /** The file a relative path names, when it stays inside the uploads folder. */
  const inside = (path: string) => {
    const file = normalize(join(root, path))
    return file === root || file.startsWith(root + sep) ? file : undefined
  }
  return {
    /** Stores bytes in a folder and answers the public path they are served at. */
    async save(folder: string, bytes: Buffer, extension: string) {
      const name = `${randomUUID()}.${extension}`
      await mkdir(join(root, folder), { recursive: true })
      await writeFile(join(root, folder, name), bytes)
      return `/api/uploads/${folder}/${name}`
    },
    /** Deletes a file saved here, by the public path `save` answered; anything else is left alone. */
    async remove(publicPath: string) {
      const file = inside(publicPath.replace(/^\/api\/uploads\//, ''))
      if (file && publicPath.startsWith('/api/uploads/')) await rm(file, { force: true })
    },
    /** Deletes a whole folder of uploads (a deleted account's photos). */
    async removeFolder(folder: string) {
      const dir = inside(folder)
      if (dir && dir !== root) await rm(dir, { recursive: true, force: true })
    },
    async read(path: string): Promise<Buffer | undefined> {
      // NOTE: through `inside`, which ends the root with a separator: `uploads-private/…` also starts with `uploads`.
      const file = inside(path)
      if (!file || file === root) return undefined
      return readFile(file).catch(() => undefined)
    },
  }
}
export type LocalStorage = ReturnType<typeof createLocalStorage>
