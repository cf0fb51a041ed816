import type { DocumentType, Verification } from '#contract/schemas/verification.ts'
import {
  DOCUMENT_UPLOADS_PATH,
  verificationEndpoints,
  type SubmitUploadedDocumentsBody,
} from '#contract/verification-endpoints.ts'
import { ErrorBodySchema } from '#contract/errors.ts'
import * as v from 'valibot'
import { api } from '#src/lib/api.ts'
import { ApiError, toApiError } from '#src/lib/api-client.ts'
import { currentLocale } from '#src/lib/locale.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'

/** The three sides of a submission, as the submission names them. */
export type Side = 'front' | 'back' | 'selfie'
export type Photos = Partial<Record<Side, Blob>>

/**
 * Waits after each failed try of one request: a connection that comes and goes is tried for about a minute before
 * the person is asked; each try continues from the last byte the server holds.
 */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000]

/** The photo's own bytes, so the same photo (even after a reload) finds its upload again and another does not. */
async function contentHash(blob: Blob) {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A tus failure as the app's error: status 0 when the server was never reached, else the server's error body. */
function apiErrorOf(error: unknown): ApiError {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
    .originalResponse
  if (!response) return new ApiError(0, null)
  let body: unknown = null
  try {
    body = JSON.parse(response.getBody())
  } catch {
    // Not our JSON (a proxy's page): the status alone says what happened.
  }
  const parsed = v.safeParse(ErrorBodySchema, body)
  return new ApiError(response.getStatus(), parsed.success ? parsed.output : null)
}

/**
 * One photo up with tus (docs/decisions/032-resumable-document-uploads.md): resumed from what the server holds after a cut, a retry or a reload,
 * with the app's token, refreshed once when it has expired. Answers the upload's id.
 */
async function uploadPhoto(side: Side, blob: Blob, onSent: (bytes: number) => void): Promise<string> {
  const { Upload } = await import('tus-js-client')
  const owner = useSession.getState().profile?.id ?? 'guest'
  const hash = await contentHash(blob)
  let refreshing: Promise<unknown> | undefined
  return new Promise((resolve, reject) => {
    const upload = new Upload(blob, {
      endpoint: DOCUMENT_UPLOADS_PATH,
      retryDelays: RETRY_DELAYS_MS,
      // Only the type: no file name or anything else of the person's goes to the server or its logs.
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type, not words
      metadata: { filetype: blob.type || 'image/jpeg' },
      fingerprint: async () => `fika-document-${owner}-${side}-${hash}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request) => {
        await refreshing
        const token = useSession.getState().token
        if (token) request.setHeader('authorization', `Bearer ${token}`)
        request.setHeader('accept-language', currentLocale())
      },
      onShouldRetry: (error, attempt) => {
        const status = error.originalResponse?.getStatus() ?? 0
        if (status === 401 && attempt === 0) {
          refreshing = refreshSession(useSession.getState().token)
          return true
        }
        // tus-js-client's own rule: a network failure, a 5xx, or 409/423 (the server is still busy with a cut try).
        return status === 0 || status >= 500 || status === 409 || status === 423
      },
      onProgress: (sent) => onSent(sent),
      onSuccess: () => resolve(upload.url!.split('/').at(-1)!),
      onError: (error) => reject(apiErrorOf(error)),
    })
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    }, reject)
  })
}

/**
 * Sends the documents (a JPEG per side), each photo resumably and one after another with the progress of all, then
 * the submission naming them; answers the new state, 2 "under review".
 */
export async function uploadDocuments(
  type: DocumentType,
  photos: Photos,
  onProgress: (fraction: number) => void,
): Promise<Verification> {
  const sides = Object.entries(photos).filter((entry): entry is [Side, Blob] => Boolean(entry[1]))
  const total = sides.reduce((sum, [, blob]) => sum + blob.size, 0)
  let done = 0
  const ids: Partial<Record<Side, string>> = {}
  for (const [side, blob] of sides) {
    ids[side] = await uploadPhoto(side, blob, (sent) => onProgress((done + sent) / total))
    done += blob.size
  }
  // The JSON shape of the same submission: the uploads' ids in place of the photos.
  const body = { type, ...ids } as SubmitUploadedDocumentsBody
  try {
    const answer = await api.http(verificationEndpoints.submitVerification.path, {
      method: 'POST',
      json: body,
    })
    return (await answer.json()) as Verification
  } catch (error) {
    throw toApiError(error)
  }
}
