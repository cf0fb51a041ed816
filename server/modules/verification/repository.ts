// Identity submissions and the user's verification code, changed together.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { DenyReason, DocumentType } from '#contract/schemas/verification.ts'
import { VERIFICATION } from '#contract/schemas/profile.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { identitySubmissions } from '#server/db/schema/verification.ts'

const submissionColumns = {
  id: identitySubmissions.id,
  userId: identitySubmissions.userId,
  type: identitySubmissions.type,
  state: identitySubmissions.state,
  front: identitySubmissions.front,
  back: identitySubmissions.back,
  selfie: identitySubmissions.selfie,
  submittedAt: identitySubmissions.submittedAt,
  reason: identitySubmissions.reason,
  reasonText: identitySubmissions.reasonText,
  name: users.name,
  surname: users.surname,
  slug: users.slug,
  avatarThumb: users.avatarThumb,
}

export function createVerificationRepository(db: Database) {
  const withPerson = () =>
    db
      .select(submissionColumns)
      .from(identitySubmissions)
      .innerJoin(users, eq(users.id, identitySubmissions.userId))

  return {
    latestOf: async (userId: number) =>
      (
        await withPerson()
          .where(eq(identitySubmissions.userId, userId))
          .orderBy(desc(identitySubmissions.id))
          .limit(1)
      )[0],

    byId: async (id: number) => (await withPerson().where(eq(identitySubmissions.id, id)))[0],

    /**
     * Takes the user into review and stores the submission, in one transaction. The move is reserved by one
     * statement (0 or 3 -> 2): two submissions at once, or one while under review, find nothing to move.
     */
    async submit(row: {
      userId: number
      type: DocumentType
      files: { front: string; back: string | null; selfie: string }
      at: Date
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(users)
          .set({ verification: VERIFICATION.review })
          .where(
            and(
              eq(users.id, row.userId),
              inArray(users.verification, [VERIFICATION.none, VERIFICATION.denied]),
            ),
          )
          .returning({ id: users.id })
        if (moved.length === 0) return false
        await tx
          .insert(identitySubmissions)
          .values({ userId: row.userId, type: row.type, state: 'review', ...row.files, submittedAt: row.at })
        return true
      })
    },

    /**
     * A moderator's decision, taken once (review -> approved or denied, one statement), with the user's code. A
     * submission already decided answers undefined.
     */
    async decide(
      id: number,
      decision: { state: 'approved' | 'denied'; by: number; at: Date; reason?: DenyReason; text?: string },
    ) {
      return db.transaction(async (tx) => {
        const [decided] = await tx
          .update(identitySubmissions)
          .set({
            state: decision.state,
            decidedAt: decision.at,
            decidedBy: decision.by,
            reason: decision.reason ?? null,
            reasonText: decision.text || null,
          })
          .where(and(eq(identitySubmissions.id, id), eq(identitySubmissions.state, 'review')))
          .returning({ userId: identitySubmissions.userId })
        if (!decided) return undefined
        const code = decision.state === 'approved' ? VERIFICATION.verified : VERIFICATION.denied
        await tx.update(users).set({ verification: code }).where(eq(users.id, decided.userId))
        return decided
      })
    },

    /** The queue, oldest first, after the submission `afterId` when paging. */
    queue: (limit: number, after?: { at: Date; id: number }) =>
      withPerson()
        .where(
          and(
            eq(identitySubmissions.state, 'review'),
            after
              ? or(
                  gt(identitySubmissions.submittedAt, after.at),
                  and(eq(identitySubmissions.submittedAt, after.at), gt(identitySubmissions.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(identitySubmissions.submittedAt), asc(identitySubmissions.id))
        .limit(limit + 1),

    /** Files whose time is up: decided before `before`, or of an account deleted since. */
    filesDue: (before: Date, limit: number) =>
      db
        .select({
          id: identitySubmissions.id,
          front: identitySubmissions.front,
          back: identitySubmissions.back,
          selfie: identitySubmissions.selfie,
        })
        .from(identitySubmissions)
        .innerJoin(users, eq(users.id, identitySubmissions.userId))
        .where(
          and(
            isNull(identitySubmissions.filesDeletedAt),
            or(
              and(isNotNull(identitySubmissions.decidedAt), lt(identitySubmissions.decidedAt, before)),
              isNotNull(users.deletedAt),
            ),
          ),
        )
        .limit(limit),

    async filesDeleted(ids: number[], at: Date) {
      if (ids.length === 0) return
      await db
        .update(identitySubmissions)
        .set({ front: null, back: null, selfie: null, filesDeletedAt: at })
        .where(inArray(identitySubmissions.id, ids))
    },

    roleOf: async (userId: number) =>
      (
        await db
          .select({ role: users.role })
          .from(users)
          .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
      )[0]?.role,
  }
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>
export type SubmissionWithPerson = NonNullable<Awaited<ReturnType<VerificationRepository['byId']>>>
