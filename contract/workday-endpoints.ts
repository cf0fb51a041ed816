import { IdParamSchema } from './schemas/bounds.ts'
import { ProgressBodySchema, ProgressResponseSchema } from './schemas/progress.ts'
import { CalendarFeedSchema, JobsQuerySchema, JobsResponseSchema } from './schemas/workday.ts'
import * as v from 'valibot'
import { API_PREFIX, V1, type Endpoint } from './endpoint.ts'

/** Where a specialist's private calendar feed is read (a calendar app polls it, with no session). */
export const CALENDAR_FEED_PATH = `${API_PREFIX}/calendar/{token}.ics`

/** The specialist's working day (docs/decisions/031-workday.md). */
export const workdayEndpoints = {
  executorJobs: {
    method: 'GET',
    path: `${V1}/executor/jobs`,
    summary:
      "The caller's accepted jobs in a window (from, to: ISO instants, at most 31 days), earliest first, paged by cursor (executors only)",
    tag: 'orders',
    auth: true,
    query: JobsQuerySchema,
    response: JobsResponseSchema,
  },
  orderProgress: {
    method: 'POST',
    path: `${V1}/orders/{id}/progress`,
    summary:
      'A step of the day (on_my_way with eta_minutes, arrived, done) by the accepted specialist of an order in progress; a replayed client_key answers the first',
    tag: 'orders',
    auth: true,
    params: v.object({ id: IdParamSchema }),
    body: ProgressBodySchema,
    response: ProgressResponseSchema,
  },
  createCalendarFeed: {
    method: 'POST',
    path: `${V1}/profile/calendar-feed`,
    summary:
      "A new private calendar feed address for the caller's jobs (shown once); any earlier address stops working",
    tag: 'profile',
    auth: true,
    response: CalendarFeedSchema,
  },
  deleteCalendarFeed: {
    method: 'DELETE',
    path: `${V1}/profile/calendar-feed`,
    summary: "Revokes the caller's calendar feed: its address stops working at once",
    tag: 'profile',
    auth: true,
    response: v.object({ status: v.boolean() }),
  },
} as const satisfies Record<string, Endpoint>
