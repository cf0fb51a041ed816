import type { Endpoint } from './endpoint.ts'
import { API_PREFIX, V1 } from './endpoint.ts'
import {
  AuditQuerySchema,
  AuditResponseSchema,
  DenyBodySchema,
  SubmissionParamsSchema,
  SubmissionSchema,
  SubmissionsResponseSchema,
  VerificationSchema,
} from './schemas/verification.ts'
import * as v from 'valibot'

/** The moderation console's API: 401 to a guest, 403 to anyone but a moderator. */
export const ADMIN_API = `${API_PREFIX}/admin`
/** A document photo's signed link, served to its owner and moderators only (docs/decisions/028). */
export const DOCUMENT_FILE_PATH = `${API_PREFIX}/documents/{id}/{side}`
/** How long a document photo's signed link works. */
export const DOCUMENT_LINK_TTL_S = 300

/**
 * Resumable uploads of a document's photos, in the tus 1.0.0 protocol (docs/decisions/032-resumable-document-uploads.md): `POST` with
 * `Upload-Length` and `Upload-Metadata: filetype <base64>` creates one (its `Location` ends with its id), `HEAD` tells
 * how many bytes the server holds, `PATCH` with `Upload-Offset` sends the rest, `DELETE` drops it. Only its owner
 * reaches an upload; a finished one is then named in the submission (`SubmitUploadedDocumentsBodySchema`).
 */
export const DOCUMENT_UPLOADS_PATH = `${API_PREFIX}/uploads/documents`
/** How long an upload may take and then wait to be submitted before it is deleted. */
export const DOCUMENT_UPLOAD_TTL_S = 24 * 3600
/** The most bytes one photo may have, sent as a form or resumably. */
export const DOCUMENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024
/** The types an upload may announce; the bytes themselves are checked when it is finished. */
export const DOCUMENT_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const

const UploadIdSchema = v.pipe(v.string(), v.regex(/^\d{1,10}-[0-9a-f]{32}$/, 'document_photo_required'))

/** The JSON shape of the submission: the ids of finished uploads instead of the photos themselves. */
export const SubmitUploadedDocumentsBodySchema = v.object({
  type: v.string(),
  front: UploadIdSchema,
  back: v.optional(UploadIdSchema),
  selfie: UploadIdSchema,
})
export type SubmitUploadedDocumentsBody = v.InferOutput<typeof SubmitUploadedDocumentsBodySchema>

const CursorQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(40, 'invalid_request'))),
})

export const verificationEndpoints = {
  verification: {
    method: 'GET',
    path: `${V1}/profile/verification`,
    summary:
      "The caller's identity verification: 0 none, 1 verified, 2 under review, 3 denied (with the reason)",
    tag: 'profile',
    auth: true,
    response: VerificationSchema,
  },
  submitVerification: {
    form: 'documents',
    method: 'POST',
    path: `${V1}/profile/verification`,
    summary:
      'Documents for review (multipart: `type` passport | id_card | driver_licence, photos `front`, `back` optional, `selfie`; or JSON with the same names and the ids of finished resumable uploads as values); answers state 2',
    tag: 'profile',
    auth: true,
    response: VerificationSchema,
  },
  adminVerifications: {
    method: 'GET',
    path: `${ADMIN_API}/verifications`,
    summary: 'Moderators: the documents waiting for review, oldest first, with signed links to their photos',
    tag: 'admin',
    auth: true,
    query: CursorQuerySchema,
    response: SubmissionsResponseSchema,
  },
  approveVerification: {
    method: 'POST',
    path: `${ADMIN_API}/verifications/{id}/approve`,
    summary: 'Moderators: the identity is confirmed (verification 1); the specialist is told',
    tag: 'admin',
    auth: true,
    params: SubmissionParamsSchema,
    response: SubmissionSchema,
  },
  denyVerification: {
    method: 'POST',
    path: `${ADMIN_API}/verifications/{id}/deny`,
    summary: 'Moderators: the documents are refused with a reason (verification 3); the specialist is told',
    tag: 'admin',
    auth: true,
    params: SubmissionParamsSchema,
    body: DenyBodySchema,
    response: SubmissionSchema,
  },
  audit: {
    method: 'GET',
    path: `${ADMIN_API}/audit`,
    summary:
      'Moderators: every moderator action and document read, newest first; `q` narrows to a target or action',
    tag: 'admin',
    auth: true,
    query: AuditQuerySchema,
    response: AuditResponseSchema,
  },
} as const satisfies Record<string, Endpoint>
