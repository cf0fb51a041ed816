/**
 * For events at `times` (oldest first, all inside the window), whether one more is over `limit`, and if so how
 * many seconds until the oldest counted event leaves the window and frees a place.
 */
export function windowLimit(times: Date[], limit: number, windowS: number, now: Date) {
  if (times.length < limit) return { exceeded: false, retryAfterS: 0 } as const
  const freesAt = times[times.length - limit]!.getTime() + windowS * 1000
  return { exceeded: true, retryAfterS: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) } as const
}
