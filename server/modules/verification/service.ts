// Identity verification (docs/decisions/028-identity-verification.md): a specialist's documents go into review
// (0 or 3 -> 2), a moderator approves (-> 1) or denies with a reason (-> 3). The photos are encrypted at rest and
// read only through short-lived signed links issued to their owner or a moderator; every read and every decision
// is written to the audit log.
import {
  DOCUMENT_TYPES,
  type DenyReason,
  type DocumentType,
  type Submission,
  type Verification,
} from '#contract/schemas/verification.ts'
import type { DocumentVault } from '#server/adapters/documents/document-vault.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import type { DocumentUploads } from './document-uploads.ts'
import { createPhotoLinks, SIDES, type PhotoLink, type Side } from './photo-links.ts'
import type { SubmissionWithPerson, VerificationRepository } from './repository.ts'

export { SIDES, type Side }
const QUEUE_PAGE = 20

type Deps = {
  repo: VerificationRepository
  audit: AuditLog
  vault: DocumentVault
  clock: Clock
  /** Signs the photos' links. */
  secret: string
  /** The person's cached profile (with its `verification`) is read again. */
  forgetUser: (userId: number) => Promise<void>
  /** The specialist hears of a decision on their channels (the notifier). */
  events: DomainEvents
  /** Finished resumable uploads a submission names instead of sending the photos (docs/decisions/032-resumable-document-uploads.md). */
  uploads: Pick<DocumentUploads, 'claim'>
}

/**
 * The photos of a submission form: Buffers under their field names (multipart `keyValues`), or in JSON the ids of
 * finished uploads under the same names.
 */
export type DocumentForm = { type?: unknown; front?: unknown; back?: unknown; selfie?: unknown }

const forbidden = () => new AppError('forbidden', 'forbidden')
const notFound = () => new AppError('not_found', 'not_found')

function presentVerification(user: UserRow, latest: SubmissionWithPerson | undefined): Verification {
  return {
    verification: user.verification as Verification['verification'],
    type: latest?.type ?? null,
    reason: latest?.state === 'denied' ? latest.reason : null,
    reason_text: latest?.state === 'denied' ? latest.reasonText : null,
    submitted_at: latest?.submittedAt.toISOString() ?? null,
  }
}

/** Each photo checked by its bytes and re-encoded (upright, no EXIF or GPS), then encrypted into the vault. */
async function storePhotos(vault: DocumentVault, form: DocumentForm) {
  const photos: Partial<Record<Side, Buffer>> = {}
  for (const side of SIDES) {
    const bytes = form[side]
    if (bytes === undefined || bytes === '') continue
    const photo = Buffer.isBuffer(bytes) ? await reencodePhoto(bytes) : null
    if (!photo) throw fieldError(side, 'document_photo_required')
    photos[side] = photo
  }
  if (!photos.front) throw fieldError('front', 'document_photo_required')
  if (!photos.selfie) throw fieldError('selfie', 'document_photo_required')
  return {
    front: await vault.store(photos.front),
    back: photos.back ? await vault.store(photos.back) : null,
    selfie: await vault.store(photos.selfie),
  }
}

/** A JSON submission names its photos by the ids of its own finished uploads, already re-encoded in the vault. */
async function claimUploads(uploads: Deps['uploads'], userId: number, form: DocumentForm) {
  const ids: Partial<Record<Side, string>> = {}
  for (const side of SIDES) if (typeof form[side] === 'string' && form[side] !== '') ids[side] = form[side]
  if (!ids.front) throw fieldError('front', 'document_photo_required')
  if (!ids.selfie) throw fieldError('selfie', 'document_photo_required')
  const claimed = await uploads.claim(userId, ids)
  if ('missing' in claimed) throw fieldError(claimed.missing ?? 'front', 'document_photo_required')
  const { front, back, selfie } = claimed.documents as Partial<Record<Side, string>>
  return { front: front!, back: back ?? null, selfie: selfie! }
}

/** Whether a form names uploads rather than carrying photos (the two are not mixed). */
const namesUploads = (form: DocumentForm) =>
  SIDES.some((side) => typeof form[side] === 'string' && form[side] !== '')

export function createVerificationService(deps: Deps) {
  const { repo, audit, vault, clock, secret, forgetUser, events, uploads } = deps
  const links = createPhotoLinks(secret, clock)

  return {
    async status(user: UserRow): Promise<Verification> {
      return presentVerification(user, await repo.latestOf(user.id))
    },

    /** A specialist's documents into review; refused while under review or once verified. */
    async submit(user: UserRow, form: DocumentForm): Promise<Verification> {
      if (user.type !== 'executor') throw new AppError('forbidden', 'only_specialists_verify')
      const type = DOCUMENT_TYPES.find((known) => known === form.type)
      if (!type) throw fieldError('type', 'document_type_invalid')
      if (user.verification !== 0 && user.verification !== 3)
        throw new AppError('conflict', 'verification_not_allowed')
      const files = namesUploads(form)
        ? await claimUploads(uploads, user.id, form)
        : await storePhotos(vault, form)
      const taken = await repo.submit({ userId: user.id, type: type as DocumentType, files, at: clock.now() })
      if (!taken) {
        // Another submission got there first: these photos are nobody's.
        await Promise.all(Object.values(files).map((name) => (name ? vault.remove(name) : undefined)))
        throw new AppError('conflict', 'verification_not_allowed')
      }
      await forgetUser(user.id)
      return presentVerification({ ...user, verification: 2 }, await repo.latestOf(user.id))
    },

    /**
     * A photo through its signed link: the link must be unexpired and signed for this reader, who must still be
     * its owner or a moderator. The read is audited before the bytes go out.
     */
    async readPhoto(id: number, side: Side, link: PhotoLink) {
      const reader = links.readerOf(id, side, link)
      if (reader === undefined) throw notFound()
      const row = await repo.byId(id)
      const file = row?.[side]
      if (!row || !file) throw notFound()
      if (row.userId !== reader && (await repo.roleOf(reader)) !== 'moderator') throw forbidden()
      await audit.record(
        { actorId: reader, action: 'document.read', target: `identity_submission:${id}`, reason: side },
        clock.now(),
      )
      const bytes = await vault.open(file)
      if (!bytes) throw notFound()
      return bytes
    },

    /** The moderators' queue, oldest first, with links to the photos for this moderator. */
    async queue(moderator: UserRow, cursor: string | undefined) {
      const after = cursor ? decodeCursor(cursor, ['date', 'number']) : undefined
      const rows = await repo.queue(
        QUEUE_PAGE,
        after && { at: new Date(after[0] as string), id: after[1] as number },
      )
      const page = rows.slice(0, QUEUE_PAGE)
      const last = rows.length > QUEUE_PAGE ? page.at(-1) : undefined
      return {
        collection: page.map((row) => links.present(row, moderator.id)),
        next_cursor: last ? encodeCursor([last.submittedAt.toISOString(), last.id]) : null,
      }
    },

    /** Approves or denies once; a submission another moderator decided first answers a conflict. */
    async decide(
      id: number,
      moderator: UserRow,
      decision: { state: 'approved' } | { state: 'denied'; reason: DenyReason; text: string },
    ): Promise<Submission> {
      const at = clock.now()
      const decided = await repo.decide(id, { ...decision, by: moderator.id, at })
      if (!decided) throw (await repo.byId(id)) ? new AppError('conflict', 'submission_decided') : notFound()
      const denied = decision.state === 'denied' ? decision : undefined
      await audit.record(
        {
          actorId: moderator.id,
          action: denied ? 'verification.deny' : 'verification.approve',
          target: `identity_submission:${id}`,
          reason: denied ? [denied.reason, denied.text].filter(Boolean).join(': ') : null,
        },
        at,
      )
      await forgetUser(decided.userId)
      events.publish({
        type: 'verification.decided',
        userId: decided.userId,
        moderatorId: moderator.id,
        approved: !denied,
      })
      return links.present((await repo.byId(id))!, moderator.id)
    },

    /** Retention: the files of submissions decided `days` ago, and of deleted accounts, are deleted. */
    async deleteDueFiles(days: number) {
      const before = new Date(clock.now().getTime() - days * 24 * 3600 * 1000)
      let deleted = 0
      for (;;) {
        const due = await repo.filesDue(before, 100)
        if (due.length === 0) return { documents: deleted }
        for (const row of due)
          for (const name of [row.front, row.back, row.selfie]) if (name) await vault.remove(name)
        await repo.filesDeleted(
          due.map((row) => row.id),
          clock.now(),
        )
        deleted += due.length
      }
    },
  }
}
export type VerificationService = ReturnType<typeof createVerificationService>
