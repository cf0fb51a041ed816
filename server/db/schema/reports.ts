import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ReportReason } from '#contract/schemas/chats.ts'
import type { ReportState } from '#contract/schemas/reports.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * A report of an order or of a specialist's profile, waiting for the moderation console
 * (docs/decisions/029-reports-and-blocking.md); reported chat messages keep their own table (`message_reports`).
 * One per reporter and item: the partial unique indexes make a second report find the first.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ['order', 'profile'] }).notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    profileId: integer().references(() => users.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().$type<ReportReason>().notNull(),
    text: text().notNull().default(''),
    status: text().$type<ReportState>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('reports_order_once')
      .on(table.orderId, table.reporterId)
      .where(sql`${table.orderId} is not null`),
    uniqueIndex('reports_profile_once')
      .on(table.profileId, table.reporterId)
      .where(sql`${table.profileId} is not null`),
    index('reports_pending')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    check(
      'reports_one_item',
      sql`(${table.kind} = 'order' and ${table.orderId} is not null and ${table.profileId} is null)
        or (${table.kind} = 'profile' and ${table.profileId} is not null and ${table.orderId} is null)`,
    ),
    check('reports_status_value', sql`${table.status} in ('pending', 'dismissed', 'actioned')`),
    check('reports_text_length', sql`char_length(${table.text}) <= 500`),
  ],
)
export type ReportRow = typeof reports.$inferSelect
