import type { DocumentType, Verification } from '#contract/schemas/verification.ts'
import { verificationEndpoints } from '#contract/verification-endpoints.ts'
import { uploadForm } from '#src/lib/upload-file.ts'

/** The three sides of a submission, as the multipart form names its files. */
export type Side = 'front' | 'back' | 'selfie'
export type Photos = Partial<Record<Side, Blob>>

/** Sends the documents (a JPEG per side) with upload progress; answers the new state, 2 "under review". */
export function uploadDocuments(
  type: DocumentType,
  photos: Photos,
  onProgress: (fraction: number) => void,
): Promise<Verification> {
  const files = Object.fromEntries(
    Object.entries(photos).flatMap(([side, blob]) => (blob ? [[side, { blob, name: `${side}.jpg` }]] : [])),
  )
  return uploadForm<Verification>(
    verificationEndpoints.submitVerification.path,
    {},
    { fields: { type }, files },
    onProgress,
  )
}
