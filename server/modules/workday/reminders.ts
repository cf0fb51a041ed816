// The specialist's job reminders (docs/decisions/031-workday.md): at 20:00 Tashkent, of each job starting the next
// day, and about an hour before each job. A sweep every few minutes finds the due ones from the orders as they are
// now, so a cancelled or moved order, a restart or a changed clock never sends a stale reminder; a row per sent
// reminder (inserted ON CONFLICT DO NOTHING) sends each once, whichever process runs the sweep.
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { DAY_MS, TASHKENT_OFFSET_MS } from '#server/lib/tashkent-day.ts'
import type { WorkdayRepository } from './repository.ts'

export const WORKDAY_REMINDERS_JOB = 'workday.reminders'
/** Every five minutes: an hour's reminder comes 55 to 60 minutes before the job. */
const REMINDERS_CRON = '*/5 * * * *'
/** The evening reminder's hour, Tashkent time. */
export const EVENING_HOUR = 20
const HOUR_MS = 3600 * 1000

/** The next midnight in Tashkent after `at` (UTC+5 all year). */
const nextTashkentMidnight = (at: Date) => {
  const local = at.getTime() + TASHKENT_OFFSET_MS
  return new Date(local - (local % DAY_MS) + DAY_MS - TASHKENT_OFFSET_MS)
}

/** The windows of job starts whose reminder is due at `now`. */
export function reminderWindows(now: Date) {
  const localHour = new Date(now.getTime() + TASHKENT_OFFSET_MS).getUTCHours()
  const tomorrow = nextTashkentMidnight(now)
  return {
    // From 20:00 on, tomorrow's jobs; before it, none (a job accepted after 20:00 still gets it at the next sweep).
    evening_before:
      localHour >= EVENING_HOUR ? { from: tomorrow, to: new Date(tomorrow.getTime() + DAY_MS) } : undefined,
    hour_before: { from: now, to: new Date(now.getTime() + HOUR_MS) },
  }
}

export function defineReminders({
  jobs,
  repo,
  clock,
  events,
}: {
  jobs: JobQueue
  repo: WorkdayRepository
  clock: Clock
  events: DomainEvents
}) {
  jobs.define(
    WORKDAY_REMINDERS_JOB,
    {
      retryLimit: 3,
      retryDelayS: 30,
      expireInS: 600,
      pollS: 30,
      policy: 'oneAtATime',
      cron: REMINDERS_CRON,
      runOnStart: true,
    },
    async (_data, job) => {
      const now = clock.now()
      let sent = 0
      for (const [when, window] of Object.entries(reminderWindows(now))) {
        if (!window) continue
        const kind = when as 'evening_before' | 'hour_before'
        for (const order of await repo.dueReminders(kind, window.from, window.to)) {
          if (!(await repo.claimReminder(order.id, order.executorId!, kind, now))) continue
          events.publish({ type: 'job.reminder', order, executorId: order.executorId!, when: kind })
          sent += 1
        }
      }
      // The notifications are written before the job counts as done.
      await events.settled()
      job.log.info({ reminders: sent }, 'job reminders sent')
    },
  )
}
