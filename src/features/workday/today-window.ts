import { tashkentDay } from '#src/lib/tashkent-time.ts'

/** Today and the next seven days: a week's jobs ahead, in one request the server allows (up to 31 days). */
export const TODAY_WINDOW_DAYS = 8

const DAY_MS = 24 * 3600 * 1000
// Tashkent keeps UTC+5 all year (no summer time), so its midnight is a fixed offset from UTC.
const TASHKENT_OFFSET = '+05:00'

/** The window the Today view asks for: from the start of today in Tashkent, TODAY_WINDOW_DAYS days long. */
export function todayWindow(now: Date = new Date()) {
  const start = new Date(`${tashkentDay(now)}T00:00:00${TASHKENT_OFFSET}`)
  return {
    from: start.toISOString(),
    to: new Date(start.getTime() + TODAY_WINDOW_DAYS * DAY_MS).toISOString(),
  }
}

/** Jobs by their Tashkent day (yyyy-mm-dd), days and the jobs of each in time order. */
export function groupByDay<T extends { id: number; started_at: string | null }>(jobs: T[]) {
  const sorted = jobs
    .filter((job): job is T & { started_at: string } => job.started_at !== null)
    .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || a.id - b.id)
  const days = new Map<string, (T & { started_at: string })[]>()
  for (const job of sorted) {
    const day = tashkentDay(new Date(job.started_at))
    days.set(day, [...(days.get(day) ?? []), job])
  }
  return [...days].map(([day, dayJobs]) => ({ day, jobs: dayJobs }))
}
