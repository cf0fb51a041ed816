import { workdayEndpoints } from '#contract/workday-endpoints.ts'
import { JOBS_PER_PAGE_MAX, type Job } from '#contract/schemas/workday.ts'
import type { ProgressResponse, ProgressStep } from '#contract/schemas/progress.ts'
import { api } from '#src/lib/api.ts'
import { currentLocale } from '#src/lib/locale.ts'
import { sendOrQueue } from '#src/lib/outbox.ts'
import { savedCall } from '#src/lib/saved-call.ts'

/** The device's copy of the Today view's jobs, whatever day it was read. */
export const TODAY_SAVED_KEY = 'workday:today'

async function allJobs(window: { from: string; to: string }): Promise<Job[]> {
  const jobs: Job[] = []
  let cursor: string | undefined
  do {
    const page = await api.call(workdayEndpoints.executorJobs, {
      query: { ...window, perPage: String(JOBS_PER_PAGE_MAX), ...(cursor ? { cursor } : {}) },
    })
    jobs.push(...page.collection)
    cursor = page.meta.next_cursor ?? undefined
  } while (cursor)
  return jobs
}

/**
 * Each job is also kept as its order page's copy (orderApi.order's `order:{id}`): a job is the order as its
 * specialist reads it, so the order pages of the day open offline without each having been visited.
 */
async function keepAsOrderPages(jobs: Job[]) {
  const { localDb } = await import('#src/lib/local-db.ts')
  const locale = currentLocale()
  const savedAt = Date.now()
  await localDb.responses.bulkPut(jobs.map((job) => ({ key: `order:${job.id}`, locale, data: job, savedAt })))
}

export const workdayApi = {
  /** The jobs of the window, kept on the device at once: the day's work must read with no network. */
  async jobs(window: { from: string; to: string }) {
    const answer = await savedCall(TODAY_SAVED_KEY, () => allJobs(window), { keepAtOnce: true })
    if (!answer.saved) await keepAsOrderPages(answer.data).catch(() => undefined)
    return answer
  },

  /**
   * A step of the day, sent now or left in the outbox (decision 006) when there is no network. `tapped_at` is the
   * tap's time, which a late delivery keeps; the outbox key is the body's `client_key`, so a replay answers the
   * first tap (`key`, from tapKey).
   */
  step(orderId: number, step: ProgressStep, etaMinutes: number | null, key: string, tappedAt: Date) {
    return sendOrQueue<ProgressResponse>({
      kind: 'progress',
      endpoint: workdayEndpoints.orderProgress,
      params: { id: orderId },
      body: {
        step,
        eta_minutes: step === 'on_my_way' ? etaMinutes : null,
        client_key: key,
        tapped_at: tappedAt.toISOString(),
      },
      idempotencyKey: key,
    })
  },
}
