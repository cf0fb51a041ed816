// Short-lived signed links to a submission's photos, each naming the one reader it was issued to.
import { buildPath } from '#contract/endpoint.ts'
import type { Submission } from '#contract/schemas/verification.ts'
import { DOCUMENT_FILE_PATH, DOCUMENT_LINK_TTL_S } from '#contract/verification-endpoints.ts'
import type { Clock } from '#server/lib/clock.ts'
import { hmac, safeEqual } from '#server/lib/secrets.ts'
import type { SubmissionWithPerson } from './repository.ts'

export const SIDES = ['front', 'back', 'selfie'] as const
export type Side = (typeof SIDES)[number]
export type PhotoLink = { r: string; e: string; s: string }

export function createPhotoLinks(secret: string, clock: Clock) {
  const signature = (id: number, side: Side, reader: number, expires: number) =>
    hmac(secret, `document:${id}:${side}:${reader}:${expires}`)

  /** A link to one photo for `reader`, working for DOCUMENT_LINK_TTL_S. */
  const linkTo = (id: number, side: Side, reader: number) => {
    const expires = Math.floor(clock.now().getTime() / 1000) + DOCUMENT_LINK_TTL_S
    const query = new URLSearchParams({
      r: String(reader),
      e: String(expires),
      s: signature(id, side, reader, expires),
    })
    return `${buildPath(DOCUMENT_FILE_PATH, { id, side })}?${query}`
  }

  return {
    /** The reader a link was issued to, when it is unexpired and its signature is ours; else undefined. */
    readerOf(id: number, side: Side, link: PhotoLink): number | undefined {
      const reader = Number(link.r)
      const expires = Number(link.e)
      if (!Number.isSafeInteger(reader) || !Number.isSafeInteger(expires)) return undefined
      if (expires < clock.now().getTime() / 1000) return undefined
      return safeEqual(link.s, signature(id, side, reader, expires)) ? reader : undefined
    },

    /** A submission as the console shows it to `reader`, with links to its photos while they exist. */
    present: (row: SubmissionWithPerson, reader: number): Submission => ({
      id: row.id,
      user: {
        id: row.userId,
        name: row.name,
        surname: row.surname,
        slug: row.slug,
        avatar_thumb: row.avatarThumb,
      },
      type: row.type,
      state: row.state,
      submitted_at: row.submittedAt.toISOString(),
      photos:
        row.front && row.selfie
          ? {
              front: linkTo(row.id, 'front', reader),
              back: row.back ? linkTo(row.id, 'back', reader) : null,
              selfie: linkTo(row.id, 'selfie', reader),
            }
          : null,
    }),
  }
}
