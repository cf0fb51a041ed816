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
      'Documents for review (multipart: `type` passport | id_card | driver_licence, photos `front`, `back` optional, `selfie`); answers state 2',
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
