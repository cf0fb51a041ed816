import { useCallback, useEffect, useState } from 'react'

/**
 * Seconds left until a moment `seconds` after the last restart (at first: `until`, a time kept from before a reload,
 * else `seconds` from now). Counted from the clock, not from ticks, so a phone that slept in a pocket shows the right
 * number when it wakes. `restart` answers the new end.
 */
export function useCountdown(seconds: number, until?: number) {
  const [endsAt, setEndsAt] = useState(() => until ?? Date.now() + seconds * 1000)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (now >= endsAt) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [endsAt, now])

  const restart = useCallback(
    (from = seconds) => {
      const start = Date.now()
      setNow(start)
      setEndsAt(start + from * 1000)
      return start + from * 1000
    },
    [seconds],
  )
  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), restart }
}

/** 59 -> "00:59", as the reset step shows it. */
export const formatCountdown = (left: number) =>
  `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`
