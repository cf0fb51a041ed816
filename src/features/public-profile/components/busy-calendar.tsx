import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { formatDate } from '#src/lib/format.ts'
import { pageNow } from '#src/lib/page-now.ts'
import { publicProfileApi } from '../api/profile-api.ts'
import { busyDays, calendarDays, dayStart, isPast } from '../busy-days.ts'

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; busy: Set<string> }

/**
 * The next weeks as busy or free days: a specialist's events are private, so only whether a day has busy time is
 * shown, never what or exactly when. A table: a week a row, the weekdays its column headers.
 */
export function BusyCalendar({ userId }: { userId: number }) {
  const { t } = useLingui()
  // The page's moment: on a page the server drew, the one it was drawn at (it may be kept for a minute, over a
  // midnight), so the first render asks for and draws the very same days.
  const [today] = useState(pageNow)
  const days = calendarDays(today)
  const from = days[0]!
  const to = days.at(-1)!
  // Read with the page on the server (useSaved), so the calendar is there from the first paint and nothing below
  // it moves when it arrives.
  const loaded = useSaved(`busy:${userId}:${from}:${to}`, async () => ({
    data: await publicProfileApi.busy(userId, from, to),
    saved: false as const,
  }))
  const state: Loaded =
    loaded.status === 'ready' ? { status: 'ready', busy: busyDays(days, loaded.data) } : loaded
  const weekdays = [t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`, t`Sun`]
  const weeks = Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7))

  if (state.status === 'loading') {
    return (
      <p role="status">
        <Trans>Loading the calendar…</Trans>
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <p>
        <Trans>The calendar could not be loaded.</Trans>
      </p>
    )
  }
  return (
    <>
      <table className="busy-calendar">
        <caption className="visually-hidden">{t`Busy and free days of the next weeks`}</caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const past = isPast(day, today)
                const busy = state.busy.has(day)
                const status = past ? t`past` : busy ? t`busy` : t`free`
                return (
                  <td
                    key={day}
                    className={`busy-calendar__day busy-calendar__day--${past ? 'past' : busy ? 'busy' : 'free'}`}
                  >
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="visually-hidden">
                      {formatDate(dayStart(day))}: {status}
                    </span>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="busy-calendar__legend">
        <span className="busy-calendar__key busy-calendar__key--busy" aria-hidden="true" />{' '}
        <Trans>Busy</Trans>
        <span className="busy-calendar__key busy-calendar__key--free" aria-hidden="true" />{' '}
        <Trans>Free</Trans>
      </p>
    </>
  )
}
