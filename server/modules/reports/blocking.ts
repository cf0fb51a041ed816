// Blocking an account and letting it in again (docs/decisions/029-reports-and-blocking.md).
import type { ModerationReasonBody } from '#contract/schemas/reports.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { ReportsDeps } from './deps.ts'

const notFound = () => new AppError('not_found', 'not_found')

export function createBlocking({ repo, ports, audit, clock }: ReportsDeps) {
  return {
    /** Blocks an account: every session and socket of it ends before the answer. Never staff, never oneself. */
    async block(userId: number, moderator: UserRow, body: ModerationReasonBody) {
      const account = await repo.account(userId)
      if (!account || account.deletedAt) throw notFound()
      if (account.role !== 'user' || userId === moderator.id)
        throw new AppError('forbidden', 'cannot_block_staff')
      const at = clock.now()
      await repo.block(userId, at)
      await ports.endAllSessions(userId)
      await audit.record(
        {
          actorId: moderator.id,
          action: 'user.block',
          target: `user:${userId}`,
          reason: [body.reason, body.text].filter(Boolean).join(': '),
        },
        at,
      )
      return { id: userId, blocked: true }
    },

    async unblock(userId: number, moderator: UserRow, note: string) {
      const account = await repo.account(userId)
      if (!account || account.deletedAt) throw notFound()
      const at = clock.now()
      await repo.unblock(userId, at)
      await audit.record(
        { actorId: moderator.id, action: 'user.unblock', target: `user:${userId}`, reason: note || null },
        at,
      )
      return { id: userId, blocked: false }
    },
  }
}
