/**
 * Where a resumable upload of an identity document waits (docs/decisions/032-resumable-document-uploads.md): a tus
 * DataStore whose bytes on disk are never readable without the documents key. Every piece received is sealed with
 * AES-256-GCM as it arrives, in records of at most 64 KiB appended to `DATA_DIR/document-uploads/<id>/chunks`:
 * `length (4) | key version (1) | nonce (12) | tag (16) | ciphertext`, the upload's id and the record's offset bound
 * in as associated data, so a record cannot be moved to another upload or another place in this one. The offset a
 * client resumes from is the sum of the whole records; a record torn by a crash is cut off before the next write.
 * `info.json` beside it keeps the owner, the size and, once the upload is finished and re-encoded, the vault file
 * that holds the photo.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { DataStore, ERRORS, Upload } from '@tus/utils'
import type { VaultKeys } from './document-vault.ts'

const RECORD_BYTES = 64 * 1024
const HEADER_BYTES = 4 + 1 + 12 + 16
/** An upload's id as the store names them: its owner's id and 32 random hex digits. */
export const UPLOAD_ID = /^(\d{1,10})-[0-9a-f]{32}$/

/** What `info.json` keeps of an upload. */
export type UploadInfo = {
  id: string
  owner: number
  size: number
  created_at: string
  /** The vault file of the finished, re-encoded photo. */
  document?: string
}

const aad = (id: string, offset: number) => Buffer.from(`${id}:${offset}`)

/** One record: the plain bytes at `offset` of upload `id`, sealed with the current key. */
function seal({ current, keys }: VaultKeys, id: string, offset: number, plain: Buffer) {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.get(current)!, nonce).setAAD(aad(id, offset))
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(plain.length)
  return Buffer.concat([length, Buffer.of(current), nonce, cipher.getAuthTag(), sealed])
}

/** The plain bytes received so far and where the whole records end on disk. */
async function measure(path: string) {
  const file = await open(path, 'r').catch(() => undefined)
  if (!file) return { offset: 0, end: 0 }
  try {
    const { size } = await file.stat()
    const header = Buffer.alloc(4)
    let [end, offset] = [0, 0]
    while (end + HEADER_BYTES <= size) {
      await file.read(header, 0, 4, end)
      const length = header.readUInt32BE(0)
      if (end + HEADER_BYTES + length > size) break
      end += HEADER_BYTES + length
      offset += length
    }
    return { offset, end }
  } finally {
    await file.close()
  }
}

/** The plain bytes of every whole record, each record's tag checked (a changed byte throws). */
async function unseal({ keys }: VaultKeys, id: string, path: string) {
  const file = await readFile(path)
  const parts: Buffer[] = []
  let [at, offset] = [0, 0]
  while (at + HEADER_BYTES <= file.length) {
    const length = file.readUInt32BE(at)
    const key = keys.get(file[at + 4]!)
    if (!key || at + HEADER_BYTES + length > file.length) break
    const decipher = createDecipheriv('aes-256-gcm', key, file.subarray(at + 5, at + 17))
    decipher.setAAD(aad(id, offset)).setAuthTag(file.subarray(at + 17, at + HEADER_BYTES))
    parts.push(
      decipher.update(file.subarray(at + HEADER_BYTES, at + HEADER_BYTES + length)),
      decipher.final(),
    )
    at += HEADER_BYTES + length
    offset += length
  }
  return Buffer.concat(parts)
}

export function createSealedUploadStore(
  dataDir: string,
  keys: VaultKeys,
  expiresAfterMs: number,
  now: () => Date = () => new Date(),
) {
  const root = join(dataDir, 'document-uploads')
  if (keys.keys.get(keys.current)?.length !== 32) throw new Error('the documents key must be 32 bytes')
  const folderOf = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND
    return join(root, id)
  }
  const chunksOf = (id: string) => join(folderOf(id), 'chunks')
  async function readInfo(id: string): Promise<UploadInfo | undefined> {
    const text = await readFile(join(folderOf(id), 'info.json'), 'utf8').catch(() => undefined)
    return text === undefined ? undefined : (JSON.parse(text) as UploadInfo)
  }
  const writeInfo = (info: UploadInfo) =>
    writeFile(join(folderOf(info.id), 'info.json'), JSON.stringify(info), { mode: 0o600 })

  class SealedUploadStore extends DataStore {
    constructor() {
      super()
      // No deferred length: the size is known, and checked, before a byte is taken.
      this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration']
    }

    override async create(upload: Upload) {
      const owner = Number(UPLOAD_ID.exec(upload.id)?.[1])
      if (!owner || upload.size === undefined) throw ERRORS.INVALID_LENGTH
      await mkdir(folderOf(upload.id), { recursive: true, mode: 0o700 })
      await writeFile(chunksOf(upload.id), '', { mode: 0o600 })
      await writeInfo({
        id: upload.id,
        owner,
        size: upload.size,
        // The app's clock, which the expiry job and the submission read too.
        created_at: now().toISOString(),
      })
      return upload
    }

    override async write(stream: Readable, id: string, offset: number) {
      const { offset: held, end } = await measure(chunksOf(id))
      if (held !== offset) throw ERRORS.INVALID_OFFSET
      // A record torn by a crash is not part of the upload: the next one goes where the whole ones end.
      await truncate(chunksOf(id), end)
      const file = await open(chunksOf(id), 'a')
      let position = offset
      let pending: Buffer[] = []
      let pendingBytes = 0
      const flush = async () => {
        if (pendingBytes === 0) return
        const plain = Buffer.concat(pending)
        ;[pending, pendingBytes] = [[], 0]
        await file.write(seal(keys, id, position, plain))
        position += plain.length
      }
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          let rest = chunk
          while (rest.length > 0) {
            const take = rest.subarray(0, RECORD_BYTES - pendingBytes)
            pending.push(take)
            pendingBytes += take.length
            rest = rest.subarray(take.length)
            if (pendingBytes === RECORD_BYTES) await flush()
          }
        }
      } catch {
        // A connection cut mid-body: what did arrive is kept below, so the client resumes after it.
      } finally {
        await flush().finally(() => file.close())
      }
      return position
    }

    override async getUpload(id: string) {
      const info = await readInfo(id)
      if (!info) throw ERRORS.FILE_NOT_FOUND
      const offset = info.document ? info.size : (await measure(chunksOf(id))).offset
      // NOTE: no creation date: tus would judge the expiry by the system's time; the routes judge it by the app's clock.
      return new Upload({ id, size: info.size, offset, metadata: {} })
    }

    override async remove(id: string) {
      await rm(folderOf(id), { recursive: true, force: true })
    }

    override getExpiration() {
      return expiresAfterMs
    }
  }

  const store = new SealedUploadStore()
  return Object.assign(store, {
    readInfo,
    writeInfo,

    /** The plain bytes of a finished upload; every record's tag is checked. */
    read: (id: string) => unseal(keys, id, chunksOf(id)),

    /** The received bytes are dropped once the photo is in the vault; the info stays until it is submitted. */
    async dropChunks(id: string) {
      await rm(chunksOf(id), { force: true })
    },

    /**
     * Takes a finished upload's info away, once: of two submissions naming it, only one unlinks the file. Answers
     * whether this call did.
     */
    async claim(id: string) {
      return unlink(join(folderOf(id), 'info.json')).then(
        () => true,
        () => false,
      )
    },

    /** The uploads of one person that are still there (finished or not), for their quota. */
    async countOf(owner: number) {
      const names = await readdir(root).catch(() => [] as string[])
      return names.filter((name) => name.startsWith(`${owner}-`)).length
    },

    /** Uploads past their expiry (by their creation), oldest kept first. */
    async expired() {
      const names = await readdir(root).catch(() => [] as string[])
      const due: UploadInfo[] = []
      for (const name of names) {
        if (!UPLOAD_ID.test(name)) continue
        const info = await readInfo(name)
        const born = info ? Date.parse(info.created_at) : (await stat(join(root, name))).mtimeMs
        if (now().getTime() - born > expiresAfterMs)
          due.push(info ?? { id: name, owner: 0, size: 0, created_at: '' })
      }
      return due
    },

    /** Where an upload's sealed bytes are, for a test that reads them as they lie on disk. */
    chunksPath: chunksOf,
  })
}
export type SealedUploadStore = ReturnType<typeof createSealedUploadStore>
