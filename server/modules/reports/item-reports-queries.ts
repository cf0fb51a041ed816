// Reports of orders and profiles: one per reporter and item, reserved by the partial unique indexes.
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { ReportReason } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import { orders } from '#server/db/schema/orders.ts'
import { reports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'

export type NewItemReport = {
  reporterId: number
  reason: ReportReason
  text: string
  createdAt: Date
} & ({ kind: 'order'; orderId: number } | { kind: 'profile'; profileId: number })

export function createItemReportsQueries(db: Database) {
  return {
    /** The order's owner, for anyone who may read it (the caller checked); undefined when there is none. */
    orderOwner: async (id: number) =>
      (await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, id)))[0],

    /** A live account (not deleted): whose profile may be reported. */
    liveUser: async (id: number) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, id), isNull(users.deletedAt)))
      )[0],

    /**
     * Adds the report, or answers the one this reporter already made of this item: the insert is reserved by the
     * unique index in one statement (two reports at once make one), and only a conflicted insert reads the first.
     */
    async addReport(report: NewItemReport) {
      const values = {
        kind: report.kind,
        reporterId: report.reporterId,
        reason: report.reason,
        text: report.text,
        createdAt: report.createdAt,
        ...(report.kind === 'order' ? { orderId: report.orderId } : { profileId: report.profileId }),
      }
      const column = report.kind === 'order' ? reports.orderId : reports.profileId
      const itemId = report.kind === 'order' ? report.orderId : report.profileId
      const [added] = await db
        .insert(reports)
        .values(values)
        .onConflictDoNothing({ target: [column, reports.reporterId], where: isNotNull(column) })
        .returning({ id: reports.id, status: reports.status })
      if (added) return added
      const [first] = await db
        .select({ id: reports.id, status: reports.status })
        .from(reports)
        .where(and(eq(column, itemId), eq(reports.reporterId, report.reporterId)))
      return first!
    },
  }
}
