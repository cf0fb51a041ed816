// What the reports service is built from, and what it needs of other areas (wired in app.ts).
import type { UserRow } from '#server/db/schema/users.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import type { ReportsRepository } from './repository.ts'

/** What the reports need of other areas, wired in app.ts. */
export type ReportsPorts = {
  /** The order if the caller may read it, else not found. */
  readableOrder: (id: number, caller: UserRow) => Promise<{ customerId: number }>
  /** Hides a chat message and tells both sides' open apps; false when hidden already. */
  hideMessage: (messageId: number, at: Date) => Promise<boolean>
  /** Ends every session and socket of the account at once (the auth area). */
  endAllSessions: (userId: number) => Promise<void>
  /** A hidden order leaves the open lists kept in memory, in every process. */
  ordersChanged: () => Promise<void>
}

export type ReportsDeps = {
  repo: ReportsRepository
  ports: ReportsPorts
  audit: AuditLog
  events: DomainEvents
  clock: Clock
}
