import type { Endpoint } from './endpoint.ts'
import { V1 } from './endpoint.ts'
import { IdParamSchema } from './schemas/bounds.ts'
import {
  AdminReportParamsSchema,
  AdminReportsQuerySchema,
  AdminReportsResponseSchema,
  AdminUserParamsSchema,
  ItemReportBodySchema,
  ItemReportSchema,
  ModerationNoteBodySchema,
  ModerationReasonBodySchema,
  ReportDecisionSchema,
  UserBlockSchema,
} from './schemas/reports.ts'
import { ADMIN_API } from './verification-endpoints.ts'
import * as v from 'valibot'

const IdParams = v.object({ id: IdParamSchema })

/**
 * Reports of orders and profiles by any logged-in person, and the moderators' reports, warnings and blocks
 * (docs/decisions/029-reports-and-blocking.md). Every `/admin/` route: 401 to a guest, 403 to anyone but a moderator.
 */
export const adminReportEndpoints = {
  reportOrder: {
    method: 'POST',
    path: `${V1}/orders/{id}/report`,
    summary:
      'Report an order to moderation (once per person: a second report answers the first; not your own)',
    tag: 'orders',
    auth: true,
    params: IdParams,
    body: ItemReportBodySchema,
    response: ItemReportSchema,
  },
  reportProfile: {
    method: 'POST',
    path: `${V1}/profiles/{id}/report`,
    summary: "Report a specialist's profile to moderation (once per person; not your own)",
    tag: 'profile',
    auth: true,
    params: IdParams,
    body: ItemReportBodySchema,
    response: ItemReportSchema,
  },
  adminReports: {
    method: 'GET',
    path: `${ADMIN_API}/reports`,
    summary:
      'Moderators: pending reports of messages (with their conversation), orders and profiles, newest first',
    tag: 'admin',
    auth: true,
    query: AdminReportsQuerySchema,
    response: AdminReportsResponseSchema,
  },
  dismissReport: {
    method: 'POST',
    path: `${ADMIN_API}/reports/{kind}/{id}/dismiss`,
    summary: 'Moderators: nothing wrong; the report leaves the list',
    tag: 'admin',
    auth: true,
    params: AdminReportParamsSchema,
    body: ModerationNoteBodySchema,
    response: ReportDecisionSchema,
  },
  hideReported: {
    method: 'POST',
    path: `${ADMIN_API}/reports/{kind}/{id}/hide`,
    summary:
      'Moderators: hide the reported message (both people see it hidden, live), order or profile (gone from public lists and pages)',
    tag: 'admin',
    auth: true,
    params: AdminReportParamsSchema,
    body: ModerationNoteBodySchema,
    response: ReportDecisionSchema,
  },
  warnReported: {
    method: 'POST',
    path: `${ADMIN_API}/reports/{kind}/{id}/warn`,
    summary: "Moderators: warn the item's author with a reason, on their notification channels",
    tag: 'admin',
    auth: true,
    params: AdminReportParamsSchema,
    body: ModerationReasonBodySchema,
    response: ReportDecisionSchema,
  },
  blockUser: {
    method: 'POST',
    path: `${ADMIN_API}/users/{id}/block`,
    summary:
      'Moderators: block an account: every session and socket ends at once, and login answers 403 (not staff, not oneself)',
    tag: 'admin',
    auth: true,
    params: AdminUserParamsSchema,
    body: ModerationReasonBodySchema,
    response: UserBlockSchema,
  },
  unblockUser: {
    method: 'POST',
    path: `${ADMIN_API}/users/{id}/unblock`,
    summary: 'Moderators: the account may log in again',
    tag: 'admin',
    auth: true,
    params: AdminUserParamsSchema,
    body: ModerationNoteBodySchema,
    response: UserBlockSchema,
  },
} as const satisfies Record<string, Endpoint>
