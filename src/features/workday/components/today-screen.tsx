import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { formatDate, formatDateTime, formatTime } from '#src/lib/format.ts'
import { useState } from 'react'
import { pageNow } from '#src/lib/page-now.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'
import { loadWorkdayCatalog } from '../catalog.ts'
import { groupByDay } from '../today-window.ts'
import { useMapsKeptOffline } from '../use-maps-kept-offline.ts'
import { useTodayJobs } from '../use-today-jobs.ts'
import '../workday.css'
import { JobCard } from './job-card.tsx'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadWorkdayCatalog()

const DAY_MS = 24 * 3600 * 1000
// Noon of a Tashkent day names that day in any zone's formatting.
const noonOf = (day: string) => `${day}T12:00:00+05:00`

/** When the list was last read from the server, or, offline, as of when the device's copy is. */
function Freshness({ saved, asOf }: { saved: boolean; asOf: number }) {
  const sameDay = tashkentDay(new Date(asOf)) === tashkentDay()
  const when = sameDay ? formatTime(asOf) : formatDateTime(asOf)
  return (
    <p className={saved ? 'saved-notice' : 'workday__fresh'} role="status">
      {saved ? <Trans>Offline: shown as of {when}</Trans> : <Trans>Updated at {when}</Trans>}
    </p>
  )
}

/**
 * The specialist's day: their accepted jobs from today for a week, by day and time, each with what the work needs
 * on the way and at the door. Read once with the network, it reads the same with none, and its steps wait in the
 * outbox until they can go.
 */
export function TodayScreen() {
  const { t } = useLingui()
  const { state, waiting, showProgress } = useTodayJobs()
  useMapsKeptOffline(state)
  const [now] = useState(pageNow)
  const today = tashkentDay(now)
  const tomorrow = tashkentDay(new Date(now.getTime() + DAY_MS))
  const dayName = (day: string) =>
    day === today ? t`Today` : day === tomorrow ? t`Tomorrow` : formatDate(noonOf(day))

  return (
    <ScreenLayout title={t`Today`} description={t`Your accepted orders for today and the next seven days.`}>
      <nav aria-label={t`Other views`} className="workday__links">
        <Link to="/orders" search={{ view: 'mine' }} className="chip">
          <Trans>My orders</Trans>
        </Link>
        <Link to="/orders" search={{ view: 'open' }} className="chip">
          <Trans>Open orders</Trans>
        </Link>
      </nav>
      {state.status === 'loading' && (
        <p role="status">
          <Trans>Loading your jobs…</Trans>
        </p>
      )}
      {state.status === 'offline' && (
        <p className="saved-notice" role="status">
          <Trans>No internet connection, and your jobs have not been saved on this device yet.</Trans>
        </p>
      )}
      {state.status === 'failed' && (
        <p className="form__error" role="alert">
          <Trans>Your jobs could not be loaded.</Trans>
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <Freshness saved={state.saved} asOf={state.asOf} />
          {state.jobs.length === 0 ? (
            <p>
              <Trans>No accepted orders for today and the next seven days.</Trans>
            </p>
          ) : (
            groupByDay(state.jobs).map(({ day, jobs }) => (
              <section key={day} className="workday__day" aria-labelledby={`day-${day}`}>
                <h2 id={`day-${day}`} className="workday__day-name">
                  {dayName(day)}
                </h2>
                {jobs.map((job) => (
                  <JobCard
                    key={job.id}
                    job={job}
                    waiting={waiting.get(job.id) ?? []}
                    onProgress={showProgress}
                  />
                ))}
              </section>
            ))
          )}
        </>
      )}
    </ScreenLayout>
  )
}
