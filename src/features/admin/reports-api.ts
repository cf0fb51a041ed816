import { adminReportEndpoints as endpoints } from '#contract/moderation-report-endpoints.ts'
import type { ReportReason } from '#contract/schemas/chats.ts'
import type { ReportKind } from '#contract/schemas/reports.ts'
import { api } from '#src/lib/api.ts'

/** The console's reports, warnings and blocks (docs/decisions/029): 403 to anyone but a moderator. */
export const reportsApi = {
  /** Pending reports, newest first, after `cursor` when given. */
  list: (cursor?: string) =>
    api.call(endpoints.adminReports, { query: cursor === undefined ? {} : { cursor } }),

  dismiss: (kind: ReportKind, id: number) =>
    api.call(endpoints.dismissReport, { params: { kind, id }, body: { text: '' } }),

  hide: (kind: ReportKind, id: number) =>
    api.call(endpoints.hideReported, { params: { kind, id }, body: { text: '' } }),

  warn: (kind: ReportKind, id: number, reason: ReportReason, text: string) =>
    api.call(endpoints.warnReported, { params: { kind, id }, body: { reason, text } }),

  block: (userId: number, reason: ReportReason, text: string) =>
    api.call(endpoints.blockUser, { params: { id: userId }, body: { reason, text } }),
}
