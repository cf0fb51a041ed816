import * as v from 'valibot'
import { CursorQuerySchema, perPageQuerySchema } from './bounds.ts'
import { NextCursorSchema } from './list-keyset.ts'
import { OrderSchema } from './orders.ts'
import { ProgressStepSchema } from './progress.ts'

/** The job list's window is at most this long: a month of work fits, a scraper's year does not. */
export const JOBS_WINDOW_DAYS_MAX = 31
export const JOBS_PER_PAGE_MAX = 50

const Instant = v.pipe(
  v.string('date_invalid'),
  v.maxLength(40, 'date_invalid'),
  v.isoTimestamp('date_invalid'),
)

/**
 * `GET /executor/jobs?from=&to=`: the caller's accepted jobs whose time meets [from, to) (ISO instants, `to` after
 * `from`, at most JOBS_WINDOW_DAYS_MAX days apart), earliest first, paged by `meta.next_cursor`.
 */
export const JobsQuerySchema = v.pipe(
  v.object({
    from: Instant,
    to: Instant,
    perPage: perPageQuerySchema(JOBS_PER_PAGE_MAX, 20),
    cursor: CursorQuerySchema,
  }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      ({ from, to }) => {
        const ms = Date.parse(to) - Date.parse(from)
        return ms > 0 && ms <= JOBS_WINDOW_DAYS_MAX * 24 * 3600 * 1000
      },
      'jobs_range_invalid',
    ),
    ['to'],
  ),
)
export type JobsQuery = v.InferOutput<typeof JobsQuerySchema>

/**
 * One job of the day: the order as its accepted specialist sees it (exact address, landmark and pin, the customer in
 * `contact` with their phone, the agreed `price` or range, the photos, the time window) and the steps tapped so far.
 */
export const JobSchema = v.object({ ...OrderSchema.entries, progress: v.array(ProgressStepSchema) })
export type Job = v.InferOutput<typeof JobSchema>
export const JobsResponseSchema = v.object({
  collection: v.array(JobSchema),
  meta: v.object({ perPage: v.number(), next_cursor: NextCursorSchema }),
})

/**
 * The private calendar feed's address, shown once: `https` to download or paste, `webcal` to subscribe from a
 * phone's calendar. Asking again makes a new one and the old address stops working at once.
 */
export const CalendarFeedSchema = v.object({ url: v.string(), webcal_url: v.string() })
export type CalendarFeed = v.InferOutput<typeof CalendarFeedSchema>
