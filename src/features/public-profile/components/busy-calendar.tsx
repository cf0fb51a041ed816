import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { formatDate } from '#src/lib/format.ts'
import { publicProfileApi } from '../api/profile-api.ts'
import { busyDays, calendarDays, dayKey, isPast } from '../busy-days.ts'

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; busy: Set<string> }

/**
 * The next weeks as busy or free days: a specialist's events are private, so only whether a day has busy time is
 * shown, never what or exactly when. A table: a week a row, the weekdays its column headers.
 */
export function BusyCalendar({ userId }: { userId: number }) {
  const { t } = useLingui()
  const [today] = useState(() => new Date())
  const days = calendarDays(today)
  const from = dayKey(days[0]!)
  const to = dayKey(days.at(-1)!)
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
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                const past = isPast(day, today)
                const busy = state.busy.has(dayKey(day))
                const status = past ? t`past` : busy ? t`busy` : t`free`
                return (
                  <td
                    key={dayKey(day)}
                    className={`busy-calendar__day busy-calendar__day--${past ? 'past' : busy ? 'busy' : 'free'}`}
                  >
                    <span aria-hidden="true">{day.getDate()}</span>
                    <span className="visually-hidden">
                      {formatDate(day)}: {status}
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
