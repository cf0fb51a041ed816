import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoint.ts'
import { DOCUMENT_UPLOADS_PATH } from '#contract/verification-endpoints.ts'
import { createDocumentVault } from '#server/adapters/documents/document-vault.ts'
import { parseDocumentsKeys } from '#server/documents-key.ts'
import { testConfig } from '#server/config.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { phonePhoto, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
const CONFIG = testConfig()
const HOUR_S = 3600

const b64 = (text: string) => Buffer.from(text).toString('base64')
const tusHeaders = (caller: Caller | null, extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  'accept-language': 'en',
  ...(caller && { authorization: `Bearer ${caller.token}` }),
  ...extra,
})

/** Creates an upload of `size` bytes announced as `filetype`; answers the response and the upload's path. */
async function create(caller: Caller | null, size: number, filetype = 'image/jpeg') {
  const response = await t.inject({
    method: 'POST',
    url: DOCUMENT_UPLOADS_PATH,
    headers: tusHeaders(caller, {
      'upload-length': String(size),
      'upload-metadata': `filetype ${b64(filetype)}`,
    }),
  })
  return { response, path: response.headers.location as string }
}

const patch = (caller: Caller | null, path: string, offset: number, bytes: Buffer) =>
  t.inject({
    method: 'PATCH',
    url: path,
    headers: tusHeaders(caller, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    payload: bytes,
  })

const head = (caller: Caller | null, path: string) =>
  t.inject({ method: 'HEAD', url: path, headers: tusHeaders(caller) })

/** A whole upload of `bytes` in one PATCH; answers its id. */
async function uploaded(caller: Caller, bytes: Buffer) {
  const { response, path } = await create(caller, bytes.length)
  expect(response.statusCode, response.body).toBe(201)
  const sent = await patch(caller, path, 0, bytes)
  expect(sent.statusCode, sent.body).toBe(204)
  return path.split('/').at(-1)!
}

const submitIds = (caller: Caller, body: object) =>
  t.inject({
    method: 'POST',
    url: `${V1}/profile/verification`,
    headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en' },
    payload: body,
  })

const uploadsFolder = () => join(CONFIG.DATA_DIR, 'document-uploads')

describe('resumable uploads of document photos', () => {
  it('take a photo cut in the middle from where it stopped, and a submission names the finished uploads', async () => {
    const specialist = await user(t, 'executor')
    const photo = await phonePhoto(1600, 1200)
    const { response, path } = await create(specialist, photo.length)
    expect(response.statusCode, response.body).toBe(201)
    expect(path).toMatch(new RegExp(`^${DOCUMENT_UPLOADS_PATH}/${specialist.id}-[0-9a-f]{32}$`))
    // The connection drops after half of the photo: the half that arrived is kept.
    const half = Math.floor(photo.length / 2)
    expect((await patch(specialist, path, 0, photo.subarray(0, half))).statusCode).toBe(204)
    const resumed = await head(specialist, path)
    expect(resumed.headers['upload-offset']).toBe(String(half))
    // A client that thinks it is elsewhere is told so, and nothing is written.
    expect((await patch(specialist, path, 10, photo.subarray(10))).statusCode).toBe(409)
    expect((await patch(specialist, path, half, photo.subarray(half))).statusCode).toBe(204)
    expect((await head(specialist, path)).headers['upload-offset']).toBe(String(photo.length))

    const selfie = await uploaded(specialist, await phonePhoto(480, 640))
    const sent = await submitIds(specialist, { type: 'passport', front: path.split('/').at(-1), selfie })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ verification: 2, type: 'passport' })
    // The photo in the vault is the re-encoded one: upright WebP without the camera's EXIF and GPS.
    const [row] = (
      (await t.db.db.execute(
        sql`select front, selfie from identity_submissions where user_id = ${specialist.id}`,
      )) as unknown as { rows: { front: string; selfie: string }[] }
    ).rows
    const vault = createDocumentVault(CONFIG.DATA_DIR, parseDocumentsKeys(CONFIG.DOCUMENTS_KEY!))
    const kept = await sharp((await vault.open(row!.front))!).metadata()
    expect(kept).toMatchObject({ format: 'webp', width: 1600 })
    expect(kept.exif).toBeUndefined()
    // Claimed once: the uploads are gone, and naming them again finds nothing.
    expect((await head(specialist, path)).statusCode).toBe(404)
  })

  it('are only their owner’s: another person can neither continue, read, delete nor submit one', async () => {
    const owner = await user(t, 'executor')
    const other = await user(t, 'executor')
    const photo = await phonePhoto()
    const { path } = await create(owner, photo.length)
    await patch(owner, path, 0, photo.subarray(0, 100))
    for (const response of [
      await head(other, path),
      await patch(other, path, 100, photo.subarray(100)),
      await t.inject({ method: 'DELETE', url: path, headers: tusHeaders(other) }),
    ]) {
      expect(response.statusCode).toBe(404)
      if (response.body) expect(response.json().error).toMatchObject({ type: 'not_found', code: 'not_found' })
    }
    expect((await head(owner, path)).headers['upload-offset']).toBe('100')
    await patch(owner, path, 100, photo.subarray(100))
    const selfie = await uploaded(other, await phonePhoto())
    const stolen = await submitIds(other, { type: 'passport', front: path.split('/').at(-1), selfie })
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().error.fields).toEqual({ front: [expect.any(String)] })
    expect((await submitIds(other, { type: 'passport', front: selfie, selfie })).statusCode).toBe(400)
    // Nothing was taken: the owner's upload is still there, and the failed submission used up none of theirs.
    expect((await head(owner, path)).headers['upload-offset']).toBe(String(photo.length))
    expect((await head(other, `${DOCUMENT_UPLOADS_PATH}/${selfie}`)).statusCode).toBe(200)
  })

  it('refuses a guest, a customer, a file over 5 MB, a type that is not a photo and bytes that are not one', async () => {
    const customer = await user(t, 'customer')
    const specialist = await user(t, 'executor')
    expect((await create(null, 100)).response.statusCode).toBe(401)
    expect((await create(customer, 100)).response.json().error.code).toBe('only_specialists_verify')
    const large = (await create(specialist, 5 * 1024 * 1024 + 1)).response
    expect(large.statusCode).toBe(413)
    expect(large.json().error).toMatchObject({ code: 'file_invalid', message: expect.any(String) })
    expect((await create(specialist, 100, 'image/svg+xml')).response.statusCode).toBe(415)
    expect((await create(specialist, 100, 'text/html')).response.statusCode).toBe(415)

    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const { path } = await create(specialist, text.length)
    const refused = await patch(specialist, path, 0, text)
    expect(refused.statusCode).toBe(415)
    expect(JSON.parse(refused.body).error.code).toBe('file_invalid')
    expect((await head(specialist, path)).statusCode).toBe(404)
  })

  it('keep the bytes of an unfinished upload sealed on disk, not readable as an image without the key', async () => {
    const specialist = await user(t, 'executor')
    const photo = await phonePhoto(1200, 900)
    const { path } = await create(specialist, photo.length)
    await patch(specialist, path, 0, photo.subarray(0, photo.length - 10))
    const id = path.split('/').at(-1)!
    const onDisk = await readFile(join(uploadsFolder(), id, 'chunks'))
    expect(onDisk.length).toBeGreaterThan(photo.length - 10)
    expect(onDisk.includes(photo.subarray(0, 32))).toBe(false)
    expect(onDisk.includes(photo.subarray(2000, 2032))).toBe(false)
    await expect(sharp(onDisk).metadata()).rejects.toThrow()
  })

  it('are deleted a day after their creation by the hourly job, with the photo of one never submitted', async () => {
    const specialist = await user(t, 'executor')
    const finished = await uploaded(specialist, await phonePhoto())
    const { path } = await create(specialist, 1000)
    const { document } = JSON.parse(await readFile(join(uploadsFolder(), finished, 'info.json'), 'utf8')) as {
      document: string
    }
    const inVault = async () => (await readdir(join(CONFIG.DATA_DIR, 'documents'))).includes(document)
    expect(await inVault()).toBe(true)
    const expire = async () => {
      await t.app.jobs.send('document-uploads.expire', {})
      await jobsSettled(t.db)
    }
    await expire()
    expect((await head(specialist, path)).statusCode).toBe(200)
    t.clock.advance(24 * HOUR_S + 60)
    await expire()
    const left = await readdir(uploadsFolder())
    expect(left.filter((name) => name.startsWith(`${specialist.id}-`))).toEqual([])
    expect(await inVault()).toBe(false)
  })
})
