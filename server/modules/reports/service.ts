import type { ReportReason } from '#contract/schemas/chats.ts'
import type { AdminReport, ItemReport, ModerationReasonBody, ReportKind } from '#contract/schemas/reports.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { createBlocking } from './blocking.ts'
import type { ReportsDeps } from './deps.ts'
import { authorIdOf, presentReports } from './present.ts'

const PAGE = 20
const notFound = () => new AppError('not_found', 'not_found')

/** The audit row's reason: the reason's key and the moderator's words. */
const reasonOf = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(': ') || null

/**
 * Reports of orders and profiles, and the moderators' decisions on every report: dismiss, hide the item, warn its
 * author; and blocking accounts (docs/decisions/029-reports-and-blocking.md). Every decision is audited.
 */
export function createReportsService(deps: ReportsDeps) {
  const { repo, ports, audit, events, clock } = deps

  /** The pending report, or 404 (none) or 409 (decided by someone else first). */
  async function pendingReport(kind: ReportKind, id: number) {
    const report = await repo.reportOf(kind, id)
    if (!report) throw notFound()
    if (!report.pending) throw new AppError('conflict', 'report_decided')
    return report
  }

  async function authorOf(report: { kind: ReportKind; itemId: number }) {
    if (report.kind === 'message')
      return authorIdOf(report, { message: (await repo.messages([report.itemId]))[0] })
    if (report.kind === 'order') return authorIdOf(report, { order: (await repo.orders([report.itemId]))[0] })
    return report.itemId
  }

  async function decided(
    kind: ReportKind,
    id: number,
    moderator: UserRow,
    decision: 'dismissed' | 'actioned',
  ) {
    if (!(await repo.decide(kind, id, decision, moderator.id, clock.now())))
      throw new AppError('conflict', 'report_decided')
    return { kind, id, status: decision === 'dismissed' ? 'dismissed' : 'actioned' }
  }

  return {
    /** A report of an order the caller may read, or of a live account's profile: once each, never one's own. */
    async report(
      kind: 'order' | 'profile',
      id: number,
      caller: UserRow,
      body: { reason: ReportReason; text: string },
    ): Promise<ItemReport> {
      const ownerId =
        kind === 'order' ? (await ports.readableOrder(id, caller)).customerId : (await repo.liveUser(id))?.id
      if (ownerId === undefined) throw notFound()
      if (ownerId === caller.id) throw new AppError('forbidden', 'cannot_report_own')
      const common = { reporterId: caller.id, reason: body.reason, text: body.text, createdAt: clock.now() }
      return repo.addReport(
        kind === 'order' ? { ...common, kind, orderId: id } : { ...common, kind, profileId: id },
      )
    },

    async list(
      cursor: string | undefined,
    ): Promise<{ collection: AdminReport[]; next_cursor: string | null }> {
      const key = cursor ? decodeCursor(cursor, ['date', 'string', 'number']) : undefined
      const after = key && { at: key[0] as string, kind: key[1] as string, id: key[2] as number }
      const rows = await repo.pending(after, PAGE + 1)
      const page = rows.slice(0, PAGE)
      const last = rows.length > PAGE ? page.at(-1)! : undefined
      return {
        collection: await presentReports(repo, page),
        next_cursor: last ? encodeCursor([last.createdAt.toISOString(), last.kind, last.id]) : null,
      }
    },

    async dismiss(kind: ReportKind, id: number, moderator: UserRow, note: string) {
      const answer = await decided(kind, id, moderator, 'dismissed')
      await audit.record(
        {
          actorId: moderator.id,
          action: 'report.dismiss',
          target: `${kind}_report:${id}`,
          reason: reasonOf(note),
        },
        clock.now(),
      )
      return answer
    },

    /** Hides the item: every pending report of it leaves the list with this one. */
    async hide(kind: ReportKind, id: number, moderator: UserRow, note: string) {
      const report = await pendingReport(kind, id)
      const at = clock.now()
      if (kind === 'message') await ports.hideMessage(report.itemId, at)
      if (kind === 'order') await repo.hideOrder(report.itemId, at)
      if (kind === 'profile') await repo.hideProfile(report.itemId, at)
      if (kind === 'order') await ports.ordersChanged()
      const answer = await decided(kind, id, moderator, 'actioned')
      await repo.settleItem(kind, report.itemId, moderator.id, at)
      await audit.record(
        {
          actorId: moderator.id,
          action: `${kind}.hide`,
          target: `${kind === 'profile' ? 'user' : kind}:${report.itemId}`,
          reason: reasonOf(report.reason, note),
        },
        at,
      )
      return answer
    },

    /** Warns the item's author: a notification with the reason on their channels. */
    async warn(kind: ReportKind, id: number, moderator: UserRow, body: ModerationReasonBody) {
      const report = await pendingReport(kind, id)
      const authorId = await authorOf(report)
      if (authorId === null) throw notFound()
      const answer = await decided(kind, id, moderator, 'actioned')
      await audit.record(
        {
          actorId: moderator.id,
          action: 'user.warn',
          target: `user:${authorId}`,
          reason: reasonOf(body.reason, body.text),
        },
        clock.now(),
      )
      events.publish({
        type: 'user.warned',
        userId: authorId,
        moderatorId: moderator.id,
        reason: body.reason,
        text: body.text,
      })
      return answer
    },

    ...createBlocking(deps),
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
