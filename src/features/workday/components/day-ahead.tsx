import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatDateTime, formatTime } from '#src/lib/format.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'
import { loadWorkdayCatalog } from '../catalog.ts'
import { groupByDay } from '../today-window.ts'
import { useTodayJobs } from '../use-today-jobs.ts'
import '../workday.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadWorkdayCatalog()

/**
 * What leads a specialist's `/orders` when they have accepted work: the next job and the week's count, with the way
 * to the Today view. Nothing at all without accepted work, or while the jobs are still being read.
 */
export default function DayAhead() {
  const { t } = useLingui()
  const { state } = useTodayJobs()
  if (state.status !== 'ready') return null
  const jobs = groupByDay(state.jobs).flatMap((day) => day.jobs)
  const next = jobs.find((job) => !job.progress.some((entry) => entry.step === 'done')) ?? jobs[0]
  if (!next) return null
  const today = tashkentDay()
  const todayCount = jobs.filter((job) => tashkentDay(new Date(job.started_at)) === today).length
  const weekCount = jobs.length
  const when =
    tashkentDay(new Date(next.started_at)) === today
      ? formatTime(next.started_at)
      : formatDateTime(next.started_at)
  return (
    <section className="day-ahead" aria-labelledby="day-ahead">
      <h2 id="day-ahead" className="day-ahead__title">
        <Trans>Your day</Trans>
      </h2>
      <p className="day-ahead__counts">
        {t`Jobs today: ${todayCount}`} · {t`this week: ${weekCount}`}
      </p>
      <p className="day-ahead__next">
        <span className="day-ahead__label">
          <Trans>Next:</Trans>
        </span>{' '}
        <span className="day-ahead__when">{when}</span> <span className="day-ahead__name">{next.name}</span>
        {next.area && <span className="day-ahead__area"> · {next.area}</span>}
      </p>
      <Link to="/orders/today" className="button">
        <Trans>Open today's jobs</Trans>
      </Link>
    </section>
  )
}
