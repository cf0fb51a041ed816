import type { Period } from '#server/lib/app-error.ts'

export const WEEK_MS = 7 * 24 * 3600 * 1000

/** A busy time: `once` is one period; `weekly` repeats every week from its first period on, without end. */
export type BusyEvent = { startedAt: Date; endedAt: Date; period: 'once' | 'weekly' }

const shifted = (event: BusyEvent, weeks: number): Period => ({
  start: new Date(event.startedAt.getTime() + weeks * WEEK_MS),
  end: new Date(event.endedAt.getTime() + weeks * WEEK_MS),
})

/** The periods of an event that intersect [from, to). */
export function occurrencesWithin(event: BusyEvent, from: Date, to: Date): Period[] {
  const start = event.startedAt.getTime()
  const end = event.endedAt.getTime()
  if (event.period === 'once') return start < to.getTime() && from.getTime() < end ? [shifted(event, 0)] : []
  const periods: Period[] = []
  // The first week whose period ends after `from`.
  let week = Math.max(0, Math.floor((from.getTime() - end) / WEEK_MS) + 1)
  while (start + week * WEEK_MS < to.getTime()) periods.push(shifted(event, week++))
  return periods
}

/**
 * The first period of `existing` that intersects some period of `candidate`, or null when none ever does.
 * Periods are half-open: one event may end when the next begins.
 *
 * With `a` the candidate and `b` the existing event, periods a+k and b+j (weeks) intersect when
 * (k - j)·W lies strictly between Δ − dA and Δ + dB, where Δ = b.start − a.start and dA, dB are the durations.
 * A once event has only k = 0 (or j = 0); a weekly one any k ≥ 0.
 */
export function firstOverlap(candidate: BusyEvent, existing: BusyEvent): Period | null {
  const aStart = candidate.startedAt.getTime()
  const aEnd = candidate.endedAt.getTime()
  const bStart = existing.startedAt.getTime()
  const bEnd = existing.endedAt.getTime()
  const delta = bStart - aStart
  const low = delta - (aEnd - aStart)
  const high = delta + (bEnd - bStart)
  // The weeks m = k − j for which the two periods intersect: low < m·W < high.
  const mLow = Math.floor(low / WEEK_MS) + 1
  const mHigh = Math.ceil(high / WEEK_MS) - 1
  if (mLow > mHigh) return null
  const aRepeats = candidate.period === 'weekly'
  const bRepeats = existing.period === 'weekly'
  if (!aRepeats && !bRepeats) return mLow <= 0 && 0 <= mHigh ? shifted(existing, 0) : null
  if (!aRepeats) {
    // k = 0, so j = −m ≥ 0: m ≤ 0; the earliest j is the largest such m.
    const m = Math.min(mHigh, 0)
    return m >= mLow ? shifted(existing, -m) : null
  }
  if (!bRepeats) {
    // j = 0, so k = m ≥ 0.
    return Math.max(mLow, 0) <= mHigh ? shifted(existing, 0) : null
  }
  // Both repeat: any m works with k, j ≥ 0; the earliest j is 0 when some m ≥ 0 works, else −mHigh.
  return shifted(existing, mHigh >= 0 ? 0 : -mHigh)
}
