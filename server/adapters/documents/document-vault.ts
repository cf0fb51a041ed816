/**
 * Identity documents on disk, encrypted (docs/decisions/028-identity-verification.md): each file is AES-256-GCM
 * with its own random 12-byte nonce, under DATA_DIR/documents, outside the web root and the uploads. A file is
 * `version (1 byte) | nonce (12) | tag (16) | ciphertext`; the version names the key, so a new key can be added
 * while old files are still read with the one before (key rotation, docs/operations.md).
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const NONCE_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES
/** A file's name as the vault makes them: nothing a caller could use to leave the folder. */
const FILE_NAME = /^[0-9a-f-]{36}\.bin$/

/** The keys the vault reads with, by version; `current` is the one it writes with. */
export type VaultKeys = { current: number; keys: ReadonlyMap<number, Buffer> }

export function createDocumentVault(dataDir: string, { current, keys }: VaultKeys) {
  const root = join(dataDir, 'documents')
  const writeKey = keys.get(current)
  if (!writeKey || writeKey.length !== 32) throw new Error('the documents key must be 32 bytes')
  const fileOf = (name: string) => {
    if (!FILE_NAME.test(name)) throw new Error('not a document file name')
    return join(root, name)
  }
  return {
    /** Encrypts and stores bytes; answers the file's name, which is all a row keeps. */
    async store(bytes: Buffer): Promise<string> {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', writeKey, nonce)
      const sealed = Buffer.concat([cipher.update(bytes), cipher.final()])
      const name = `${randomUUID()}.bin`
      await mkdir(root, { recursive: true, mode: 0o700 })
      await writeFile(fileOf(name), Buffer.concat([Buffer.of(current), nonce, cipher.getAuthTag(), sealed]), {
        mode: 0o600,
      })
      return name
    },

    /** The plain bytes of a stored file; undefined when it is gone. A file altered on disk fails to open (throws). */
    async open(name: string): Promise<Buffer | undefined> {
      const file = await readFile(fileOf(name)).catch(() => undefined)
      if (!file || file.length < HEADER_BYTES) return undefined
      const key = keys.get(file[0]!)
      if (!key) throw new Error(`no documents key of version ${file[0]}`)
      const decipher = createDecipheriv('aes-256-gcm', key, file.subarray(1, 1 + NONCE_BYTES))
      decipher.setAuthTag(file.subarray(1 + NONCE_BYTES, HEADER_BYTES))
      return Buffer.concat([decipher.update(file.subarray(HEADER_BYTES)), decipher.final()])
    },

    async remove(name: string) {
      await rm(fileOf(name), { force: true })
    },

    /** Where the files are, for a test that reads one as it lies on disk. */
    pathOf: fileOf,
  }
}
export type DocumentVault = ReturnType<typeof createDocumentVault>
