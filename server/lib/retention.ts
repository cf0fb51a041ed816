/**
 * Retention (docs/operations.md): each area deletes its own old rows in a nightly job, one process of all, and
 * counts what it deleted in `retention_deleted_total{what}`.
 */
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { Config } from '#server/config.ts'
import { addSeconds, type Clock } from './clock.ts'
import type { Metrics } from './metrics.ts'

const DAY_S = 24 * 3600

/** Days ago from now, as the cut-off of a deletion. */
export const daysAgo = (clock: Clock, days: number) => addSeconds(clock.now(), -days * DAY_S)

/**
 * Declares an area's retention job: `deleteOld` deletes what is due and answers the count of each kind of row
 * it deleted (`{ read_notifications: 12 }`).
 */
export function defineRetention(
  { jobs, metrics, config }: { jobs: JobQueue; metrics: Pick<Metrics, 'retentionDeleted'>; config: Config },
  area: string,
  deleteOld: () => Promise<Record<string, number>>,
) {
  jobs.define(
    `retention.${area}`,
    {
      retryLimit: 3,
      retryDelayS: 60,
      expireInS: 1800,
      pollS: 30,
      policy: 'oneAtATime',
      cron: config.RETENTION_CRON,
    },
    async (_data, job) => {
      const deleted = await deleteOld()
      for (const [what, count] of Object.entries(deleted)) metrics.retentionDeleted.inc({ what }, count)
      job.log.info({ deleted }, 'retention done')
    },
  )
}
