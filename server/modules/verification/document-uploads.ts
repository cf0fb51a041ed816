/**
 * Resumable uploads of document photos (docs/decisions/032-resumable-document-uploads.md): the tus protocol by
 * @tus/server over the sealed store, under `/api/uploads/documents`, for the specialist who created each upload and
 * nobody else. A finished upload is checked by its bytes and re-encoded (upright, no EXIF or GPS) into the document
 * vault at once, its received bytes dropped; a submission then claims it by its id, once. Uploads not submitted are
 * deleted a day after their creation by a job, with their vault file.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Server } from '@tus/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  DOCUMENT_PHOTO_MAX_BYTES,
  DOCUMENT_PHOTO_TYPES,
  DOCUMENT_UPLOAD_TTL_S,
  DOCUMENT_UPLOADS_PATH,
} from '#contract/verification-endpoints.ts'
import type { ErrorCode, ErrorType } from '#contract/errors.ts'
import type { DocumentVault } from '#server/adapters/documents/document-vault.ts'
import { UPLOAD_ID, type SealedUploadStore } from '#server/adapters/documents/sealed-upload-store.ts'
import { resolveLocale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import { errorBodyOf } from '#server/plugins/errors.ts'

/** Uploads one person may hold at once: three photos, sent again a few times with new ones. */
const LIVE_UPLOADS_PER_PERSON = 12
const TTL_MS = DOCUMENT_UPLOAD_TTL_S * 1000

type Deps = { store: SealedUploadStore; vault: DocumentVault; clock: Clock }

/** A tus answer's status as our error: the body a client reads is always the one error shape. */
const ERROR_OF_STATUS: Record<number, [ErrorType, ErrorCode]> = {
  404: ['not_found', 'not_found'],
  410: ['not_found', 'not_found'],
  413: ['validation', 'file_invalid'],
  415: ['validation', 'file_invalid'],
}

/** Our error body, in the language the request asks for, as tus sends bodies: a string. */
function tusError(acceptLanguage: string | null, error: AppError) {
  return {
    status_code: error.status,
    body: JSON.stringify(errorBodyOf(error, resolveLocale(acceptLanguage ?? undefined))),
  }
}

export function createDocumentUploads({ store, vault, clock }: Deps) {
  /** Who sent each request tus is handling: the caller Fastify authenticated. */
  const owners = new WeakMap<IncomingMessage, number>()
  const expired = (createdAt: string) => clock.now().getTime() - Date.parse(createdAt) > TTL_MS

  /** A whole upload into the vault, re-encoded; undefined when its bytes are not a photo (it is then deleted). */
  async function finish(id: string): Promise<string | undefined> {
    const info = await store.readInfo(id)
    if (!info) return undefined
    if (info.document) return info.document
    const photo = await reencodePhoto(await store.read(id))
    if (!photo) {
      await store.remove(id)
      return undefined
    }
    const document = await vault.store(photo)
    await store.writeInfo({ ...info, document })
    await store.dropChunks(id)
    return document
  }

  const tus = new Server({
    path: DOCUMENT_UPLOADS_PATH,
    datastore: store,
    maxSize: DOCUMENT_PHOTO_MAX_BYTES,
    relativeLocation: true,
    // The owner's id in the name lets their quota be counted from the folder's names alone.
    namingFunction: (req) => {
      const owner = owners.get((req as { runtime?: { node?: { req: IncomingMessage } } }).runtime!.node!.req)
      return `${owner}-${randomBytes(16).toString('hex')}`
    },
    onUploadFinish: async (req, upload) => {
      if (await finish(upload.id)) return {}
      throw tusError(
        req.headers.get('accept-language'),
        new AppError('validation', 'file_invalid', { status: 415 }),
      )
    },
    onResponseError: (req, error) => {
      const status = 'status_code' in error ? error.status_code : 500
      if ('body' in error && error.body.startsWith('{')) return undefined
      const [type, code] =
        ERROR_OF_STATUS[status] ??
        (status < 500 ? ['validation', 'invalid_request'] : ['server', 'error_occurred'])
      return tusError(req.headers.get('accept-language'), new AppError(type, code, { status }))
    },
  })

  /** What our own rules refuse before tus reads a byte: someone else's upload, or a new one we will not take. */
  async function admit(request: FastifyRequest, id: string | undefined) {
    const user = request.user!
    if (id !== undefined) {
      const info = UPLOAD_ID.test(id) ? await store.readInfo(id) : undefined
      if (!info || info.owner !== user.id || expired(info.created_at))
        throw new AppError('not_found', 'not_found')
      return
    }
    if (request.method !== 'POST') throw new AppError('not_found', 'not_found')
    if (user.type !== 'executor') throw new AppError('forbidden', 'only_specialists_verify')
    const length = Number(request.headers['upload-length'])
    if (!Number.isInteger(length) || length <= 0 || length > DOCUMENT_PHOTO_MAX_BYTES)
      throw new AppError('validation', 'file_invalid', { status: 413 })
    const filetype = /(?:^|,)\s*filetype ([A-Za-z0-9+/=]+)/.exec(
      String(request.headers['upload-metadata'] ?? ''),
    )
    const type = filetype ? Buffer.from(filetype[1]!, 'base64').toString() : ''
    if (!(DOCUMENT_PHOTO_TYPES as readonly string[]).includes(type))
      throw new AppError('validation', 'file_invalid', { status: 415 })
    if ((await store.countOf(user.id)) >= LIVE_UPLOADS_PER_PERSON)
      throw new AppError('rate_limited', 'too_many_requests', { retryAfterS: 3600 })
  }

  return {
    async routes(app: FastifyInstance) {
      // tus reads a PATCH's body itself, as it streams in.
      app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))
      for (const url of [DOCUMENT_UPLOADS_PATH, `${DOCUMENT_UPLOADS_PATH}/:id`])
        app.route<{ Params: { id?: string } }>({
          method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
          url,
          schema: { hide: true },
          onRequest: [app.authenticate],
          handler: async (request, reply) => {
            await admit(request, request.params.id)
            owners.set(request.raw, request.user!.id)
            // NOTE: from here tus writes the answer on the raw response; Fastify's reply is left alone.
            reply.hijack()
            await tus.handle(request.raw, reply.raw)
          },
        })
    },

    /**
     * The vault files of finished uploads of `owner`, each taken away so no second submission can name it again;
     * undefined for a side whose upload is not theirs, not finished, or gone (its earlier sides are given back).
     */
    async claim(owner: number, ids: Partial<Record<string, string>>) {
      const infos = await Promise.all(
        Object.entries(ids).map(async ([side, id]) => {
          const info = id && UPLOAD_ID.test(id) ? await store.readInfo(id) : undefined
          const usable = info && info.owner === owner && !expired(info.created_at)
          const whole = usable && (info.document ?? (await store.getUpload(info.id)).offset === info.size)
          return { side, id, ok: Boolean(whole) }
        }),
      )
      // One upload is one photo: the same id under two names is refused.
      const missing = infos.find(
        (info, index) => !info.ok || infos.findIndex((o) => o.id === info.id) < index,
      )
      if (missing) return { missing: missing.side }
      const documents: Record<string, string> = {}
      for (const { side, id } of infos) {
        const document = await finish(id!)
        if (!document || !(await store.claim(id!))) {
          await Promise.all(Object.values(documents).map((name) => vault.remove(name)))
          return { missing: side }
        }
        await store.remove(id!)
        documents[side] = document
      }
      return { documents }
    },

    /** The uploads a day old, finished or not, with the vault file of one never submitted. */
    async deleteExpired() {
      const due = await store.expired()
      for (const info of due) {
        if (info.document) await vault.remove(info.document)
        await store.remove(info.id)
      }
      return { document_uploads: due.length }
    },
  }
}
export type DocumentUploads = ReturnType<typeof createDocumentUploads>
