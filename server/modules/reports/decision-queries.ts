// What a moderator's decision writes (docs/decisions/029-reports-and-blocking.md): a report taken out of the list,
// an order or a profile hidden, an account blocked or let in again. Each is one conditional statement.
import { and, eq, isNull, isNotNull } from 'drizzle-orm'
import type { ReportKind } from '#contract/schemas/reports.ts'
import type { Database } from '#server/db/client.ts'
import { messageReports } from '#server/db/schema/chats.ts'
import { orders } from '#server/db/schema/orders.ts'
import { reports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'

export type Decision = 'dismissed' | 'actioned'

export function createDecisionQueries(db: Database) {
  return {
    /** Takes one pending report out of the list; false when it was decided already (or never was). */
    async decide(kind: ReportKind, id: number, decision: Decision, by: number, at: Date): Promise<boolean> {
      if (kind === 'message') {
        const rows = await db
          .update(messageReports)
          .set({ status: 'reviewed' })
          .where(and(eq(messageReports.id, id), eq(messageReports.status, 'pending')))
          .returning({ id: messageReports.id })
        return rows.length === 1
      }
      const rows = await db
        .update(reports)
        .set({ status: decision, decidedAt: at, decidedBy: by })
        .where(and(eq(reports.id, id), eq(reports.kind, kind), eq(reports.status, 'pending')))
        .returning({ id: reports.id })
      return rows.length === 1
    },

    /** Every other pending report of a hidden item leaves the list with it. */
    async settleItem(kind: ReportKind, itemId: number, by: number, at: Date) {
      if (kind === 'message') {
        await db
          .update(messageReports)
          .set({ status: 'reviewed' })
          .where(and(eq(messageReports.messageId, itemId), eq(messageReports.status, 'pending')))
        return
      }
      const column = kind === 'order' ? reports.orderId : reports.profileId
      await db
        .update(reports)
        .set({ status: 'actioned', decidedAt: at, decidedBy: by })
        .where(and(eq(column, itemId), eq(reports.status, 'pending')))
    },

    hideOrder: (id: number, at: Date) =>
      db
        .update(orders)
        .set({ hiddenAt: at })
        .where(and(eq(orders.id, id), isNull(orders.hiddenAt))),

    hideProfile: (id: number, at: Date) =>
      db
        .update(users)
        .set({ hiddenAt: at })
        .where(and(eq(users.id, id), isNull(users.hiddenAt))),

    /** Blocks the account once: false when it was blocked already. */
    async block(userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ blockedAt: at, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.blockedAt)))
        .returning({ id: users.id })
      return rows.length === 1
    },

    async unblock(userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ blockedAt: null, updatedAt: at })
        .where(and(eq(users.id, userId), isNotNull(users.blockedAt)))
        .returning({ id: users.id })
      return rows.length === 1
    },

    account: async (userId: number) =>
      (
        await db
          .select({ id: users.id, role: users.role, blockedAt: users.blockedAt, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, userId))
      )[0],
  }
}
