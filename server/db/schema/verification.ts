import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { DENY_REASONS, DOCUMENT_TYPES } from '#contract/schemas/verification.ts'
import { users } from './users.ts'

/**
 * A specialist's identity documents sent for review (docs/decisions/028-identity-verification.md): the photos are
 * files encrypted with DOCUMENTS_KEY outside the web root (`front`, `back`, `selfie` name them); the row keeps the
 * review's state and its moderator's decision. The user's `verification` code follows the latest row.
 */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: DOCUMENT_TYPES }).notNull(),
    state: text({ enum: ['review', 'approved', 'denied'] }).notNull(),
    /** The encrypted files' names in the document vault; null once retention deleted them. */
    front: text(),
    back: text(),
    selfie: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: text({ enum: DENY_REASONS }),
    /** The moderator's own words to the specialist, beside the reason. */
    reasonText: text(),
    /** When retention deleted the files (a decision's documents are kept for DOCUMENTS_RETENTION_DAYS). */
    filesDeletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('identity_submissions_user').on(table.userId, table.id),
    // The moderators' queue, oldest first.
    index('identity_submissions_review')
      .on(table.submittedAt, table.id)
      .where(sql`${table.state} = 'review'`),
    index('identity_submissions_files_due')
      .on(table.decidedAt)
      .where(sql`${table.decidedAt} is not null and ${table.filesDeletedAt} is null`),
  ],
)
export type IdentitySubmissionRow = typeof identitySubmissions.$inferSelect

/**
 * Every moderator action and every read of a document: who, what, when, why. Rows are only ever added (a trigger
 * refuses updates and deletes); the console searches them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** `verification.approve`, `verification.deny`, `document.read`, … */
    action: text().notNull(),
    /** What it was done to: `identity_submission:12`, `user:7`. */
    target: text().notNull(),
    /** The reason given, when the action asks for one. */
    reason: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('audit_log_at').on(table.at, table.id),
    index('audit_log_actor').on(table.actorId, table.at),
    index('audit_log_target').on(table.target, table.at),
  ],
)
export type AuditRow = typeof auditLog.$inferSelect
