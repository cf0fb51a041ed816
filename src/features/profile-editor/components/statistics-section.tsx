import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type * as v from 'valibot'
import type { StatisticsWeekSchema } from '#contract/schemas/specialists.ts'
import { formatDate, formatNumber } from '#src/lib/format.ts'
import type { Plan } from '#contract/schemas/plan-features.ts'
import { PlanLock, planRequiredBy } from '#src/features/plan-lock/plan-lock.tsx'
import { editorApi } from '../api.ts'
import { usePlan } from '../use-plan.tsx'
import { useFailureText } from '../use-save.ts'
import { EditorSection } from './section.tsx'

type Week = v.InferOutput<typeof StatisticsWeekSchema>
const METRICS = {
  views: msg`Profile views`,
  replies: msg`Replies sent`,
  chosen: msg`Times chosen`,
  completed: msg`Orders completed`,
  reviews: msg`Reviews`,
  rating: msg`Rating`,
} as const
type Metric = keyof typeof METRICS

const valueOf = (week: Week, metric: Metric) => week[metric] ?? 0
const shown = (week: Week, metric: Metric) =>
  metric === 'rating' ? (week.rating === null ? '—' : week.rating.toFixed(1)) : formatNumber(week[metric])

/**
 * Weekly figures over 12 weeks as SVG bars of one chosen measure, with every figure in a table under it. No chart
 * library: twelve bars need no axes engine, and the table is the text alternative screen readers read.
 */
export function StatisticsSection() {
  const { i18n } = useLingui()
  const failureText = useFailureText()
  const [weeks, setWeeks] = useState<Week[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [metric, setMetric] = useState<Metric>('views')
  const [lockedBy, setLockedBy] = useState<Plan | null>(null)
  const plan = usePlan()
  // Without the master plan the figures are not fetched: the section says which plan shows them.
  const locked = plan.locked('statistics') || lockedBy !== null
  const waiting = plan.loading || plan.locked('statistics')
  useEffect(() => {
    if (waiting) return
    editorApi
      .statistics()
      .then((answer) => setWeeks(answer.weeks))
      .catch((failure: unknown) => {
        const required = planRequiredBy(failure)
        if (required) setLockedBy(required)
        else setError(failureText(failure))
      })
  }, [failureText, waiting])

  return (
    <EditorSection id="statistics" title={<Trans>Statistics</Trans>}>
      {locked && (
        <PlanLock feature="statistics" plan={lockedBy}>
          <Trans>Profile views, replies, orders and reviews by week.</Trans>
        </PlanLock>
      )}
      {!locked && !weeks && !error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {!locked && weeks && (
        <>
          <fieldset className="wizard__group">
            <legend className="wizard__legend">
              <Trans>Show on the chart</Trans>
            </legend>
            <div className="wizard__row">
              {(Object.keys(METRICS) as Metric[]).map((key) => (
                <label key={key} className="choice">
                  <input
                    type="radio"
                    name="statistics-metric"
                    checked={metric === key}
                    onChange={() => setMetric(key)}
                  />
                  {i18n._(METRICS[key])}
                </label>
              ))}
            </div>
          </fieldset>
          <WeeksChart weeks={weeks} metric={metric} />
          <WeeksTable weeks={weeks} />
        </>
      )}
    </EditorSection>
  )
}

/** The chosen measure's twelve weeks as bars; its label says what they add up to. */
function WeeksChart({ weeks, metric }: { weeks: Week[]; metric: Metric }) {
  const { t, i18n } = useLingui()
  const max = Math.max(metric === 'rating' ? 5 : 1, ...weeks.map((week) => valueOf(week, metric)))
  const name = i18n._(METRICS[metric])
  const total = formatNumber(weeks.reduce((sum, week) => sum + valueOf(week, metric), 0))
  const summary =
    metric === 'rating' ? t`${name} by week over the last 12 weeks` : t`${name} by week: ${total} in 12 weeks`
  const width = 24
  const gap = 6
  const height = 120
  return (
    <svg
      role="img"
      aria-label={summary}
      className="editor-chart"
      viewBox={`0 0 ${weeks.length * (width + gap)} ${height + 16}`}
    >
      {weeks.map((week, index) => {
        const barHeight = (valueOf(week, metric) / max) * height
        return (
          <g key={week.week}>
            <rect
              x={index * (width + gap)}
              y={height - barHeight}
              width={width}
              height={Math.max(barHeight, 1)}
              className="editor-chart__bar"
            />
            <text x={index * (width + gap) + width / 2} y={height + 12} textAnchor="middle" fontSize="9">
              {week.week.slice(8, 10)}.{week.week.slice(5, 7)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

/** Every figure of every week: the chart's text alternative. */
function WeeksTable({ weeks }: { weeks: Week[] }) {
  const { i18n } = useLingui()
  const captionId = useId()
  // On a phone the table scrolls sideways: focusable, so the arrow keys scroll it too (WCAG 2.1.1).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable)
    <div className="editor-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>
          <Trans>Figures by week</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Week from</Trans>
            </th>
            {(Object.keys(METRICS) as Metric[]).map((key) => (
              <th key={key} scope="col">
                {i18n._(METRICS[key])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{formatDate(`${week.week}T00:00:00`)}</th>
              {(Object.keys(METRICS) as Metric[]).map((key) => (
                <td key={key}>{shown(week, key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
