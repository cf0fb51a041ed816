import { CALENDAR_FEED_PATH } from '#contract/workday-endpoints.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { feedOf, FEED_TOKEN, hashFeedToken, newFeedToken } from './feed.ts'
import { createJobsList } from './jobs-list.ts'
import type { WorkdayRepository } from './repository.ts'

/** The feed lists jobs from this long ago on: a calendar keeps what it already has. */
const FEED_PAST_MS = 31 * 24 * 3600 * 1000
/** At most this many jobs in a feed: years of a busy specialist's work. */
const FEED_JOBS_MAX = 1000

/**
 * The specialist's working day (docs/decisions/031-workday.md): the job list, and the private calendar feed whose
 * token is made here (shown once, kept hashed) and checked on every read.
 */
export function createWorkdayService(repo: WorkdayRepository, clock: Clock, publicUrl: string) {
  const onlyExecutors = (caller: UserRow) => {
    if (caller.type !== 'executor') throw new AppError('forbidden', 'only_executors_work')
  }
  return {
    jobs: createJobsList(repo),

    /** A new feed address for the caller; the one before stops working in the same statement. */
    async createFeed(caller: UserRow) {
      onlyExecutors(caller)
      const token = newFeedToken()
      await repo.setFeed(caller.id, hashFeedToken(token), clock.now())
      const url = `${publicUrl}${CALENDAR_FEED_PATH.replace('{token}', token)}`
      return { url, webcal_url: url.replace(/^https?:/, 'webcal:') }
    },

    async deleteFeed(caller: UserRow) {
      await repo.deleteFeed(caller.id)
      return { status: true }
    },

    /** The feed a token opens, as iCalendar text; undefined for a token that opens none. */
    async feed(token: string) {
      if (!FEED_TOKEN.test(token)) return undefined
      const userId = await repo.feedOwner(hashFeedToken(token))
      if (userId === undefined) return undefined
      const since = new Date(clock.now().getTime() - FEED_PAST_MS)
      return feedOf(await repo.feedJobs(userId, since, FEED_JOBS_MAX), publicUrl)
    },
  }
}
export type WorkdayService = ReturnType<typeof createWorkdayService>
