// What the moderators' list of reports reads (docs/decisions/029-reports-and-blocking.md): the pending reports of
// both tables newest first, and the items, people and conversations they are about.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { ReportReason } from '#contract/schemas/chats.ts'
import type { ReportKind } from '#contract/schemas/reports.ts'
import type { Database } from '#server/db/client.ts'
import { chatMessages, chats, messageReports } from '#server/db/schema/chats.ts'
import { orders } from '#server/db/schema/orders.ts'
import { reports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'

/** Messages shown before and after a reported one. */
export const CONTEXT_BEFORE = 3
export const CONTEXT_AFTER = 3

export type PendingReport = {
  kind: ReportKind
  id: number
  reporterId: number
  reason: ReportReason
  text: string
  createdAt: Date
  /** The message, order or profile (user) reported. */
  itemId: number
}
export type PageKey = { at: string; kind: string; id: number }

export function createConsoleQueries(db: Database) {
  return {
    /** Up to `limit` pending reports of messages, orders and profiles, newest first, after `after`. */
    async pending(after: PageKey | undefined, limit: number): Promise<PendingReport[]> {
      const rows = await db.execute(sql`
        select kind, id, reporter_id, reason, text, created_at, item_id from (
          select 'message' as kind, id, reporter_id, reason, text, created_at, message_id as item_id
            from ${messageReports} where status = 'pending'
          union all
          select kind, id, reporter_id, reason, text, created_at, coalesce(order_id, profile_id) as item_id
            from ${reports} where status = 'pending'
        ) pending
        ${after ? sql`where (created_at, kind, id) < (${after.at}::timestamptz, ${after.kind}, ${after.id}::int)` : sql``}
        order by created_at desc, kind desc, id desc
        limit ${limit}`)
      return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
        kind: row.kind as ReportKind,
        id: Number(row.id),
        reporterId: Number(row.reporter_id),
        reason: row.reason as ReportReason,
        text: String(row.text),
        createdAt: new Date(row.created_at as string | Date),
        itemId: Number(row.item_id),
      }))
    },

    people: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: users.id,
              name: users.name,
              surname: users.surname,
              slug: users.slug,
              about: users.about,
              role: users.role,
              blockedAt: users.blockedAt,
              hiddenAt: users.hiddenAt,
              deletedAt: users.deletedAt,
            })
            .from(users)
            .where(inArray(users.id, ids)),

    orders: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: orders.id,
              name: orders.name,
              description: orders.description,
              customerId: orders.customerId,
              hiddenAt: orders.hiddenAt,
            })
            .from(orders)
            .where(inArray(orders.id, ids)),

    messages: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select().from(chatMessages).where(inArray(chatMessages.id, ids)),

    /** The conversation around a message: a few before it, it, a few after, oldest first. */
    async around(chatId: number, messageId: number) {
      const [before, after] = await Promise.all([
        db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), lt(chatMessages.id, messageId)))
          .orderBy(desc(chatMessages.id))
          .limit(CONTEXT_BEFORE),
        db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), gte(chatMessages.id, messageId)))
          .orderBy(asc(chatMessages.id))
          .limit(CONTEXT_AFTER + 1),
      ])
      return [...before.reverse(), ...after]
    },

    /** One report of either table, decided or not. */
    async reportOf(
      kind: ReportKind,
      id: number,
    ): Promise<(PendingReport & { pending: boolean }) | undefined> {
      if (kind === 'message') {
        const [row] = await db.select().from(messageReports).where(eq(messageReports.id, id))
        return row && { ...row, kind, itemId: row.messageId, pending: row.status === 'pending' }
      }
      const [row] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.id, id), eq(reports.kind, kind)))
      return (
        row && { ...row, kind, itemId: (row.orderId ?? row.profileId)!, pending: row.status === 'pending' }
      )
    },

    chat: async (id: number) => (await db.select().from(chats).where(eq(chats.id, id)))[0],
  }
}
