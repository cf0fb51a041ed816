import type { Endpoint } from '#contract/endpoint.ts'
import { DOCUMENT_PHOTO_MAX_BYTES } from '#contract/verification-endpoints.ts'

/** The largest file one upload may carry (the spec's 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
// An identity document's photo, compressed in the browser to well under this (docs/decisions/028), sent as a form
// or resumably (029).
export { DOCUMENT_PHOTO_MAX_BYTES }

/**
 * What busboy may read of a form, per kind of endpoint, so no form can make the server hold more than its one file:
 * field values past `fieldSize` are cut, and one part past the counts ends the request (413).
 */
/** The most bytes a form of each kind can take on the wire: a longer declared Content-Length is refused unread. */
export const MULTIPART_MAX_BYTES: Record<NonNullable<Endpoint['form']>, number> = {
  fields: 16 * 1024,
  file: MAX_UPLOAD_BYTES + 64 * 1024,
  documents: 3 * DOCUMENT_PHOTO_MAX_BYTES + 64 * 1024,
}

export const MULTIPART_LIMITS: Record<NonNullable<Endpoint['form']>, Record<string, number>> = {
  /** The spec's SMS forms: phone and type, or required_id and code. */
  fields: { fields: 4, fieldSize: 256, fieldNameSize: 64, files: 0, parts: 4, headerPairs: 16 },
  /** One file, with a client id at most (the chat's photo). */
  file: {
    fields: 2,
    fieldSize: 256,
    fieldNameSize: 64,
    files: 1,
    fileSize: MAX_UPLOAD_BYTES,
    parts: 3,
    headerPairs: 16,
  },
  /** The document's type and its photos: front, back (when it has one) and the selfie. */
  documents: {
    fields: 1,
    fieldSize: 32,
    fieldNameSize: 16,
    files: 3,
    fileSize: DOCUMENT_PHOTO_MAX_BYTES,
    parts: 4,
    headerPairs: 16,
  },
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of multipart form the route takes, when it takes one (`Endpoint.form`). */
    multipartForm?: NonNullable<Endpoint['form']>
  }
}
