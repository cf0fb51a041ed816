import { useLingui } from '@lingui/react/macro'
import { formatDate } from '#src/lib/format.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** Older than a week, a date says more than "23 d ago". */
const WEEK_MS = 7 * DAY_MS

/**
 * "5 min ago", "3 h ago", "2 d ago", then the date. Written with the catalogs rather than Intl.RelativeTimeFormat:
 * Chromium has no Uzbek Latin data (see src/lib/format.ts), and the short units need no plural forms in any of
 * the four languages.
 */
export function useRelativeTime() {
  const { t } = useLingui()
  return (iso: string, now = Date.now()) => {
    const ago = Math.max(0, now - new Date(iso).getTime())
    if (ago < MINUTE_MS) return t`just now`
    if (ago < HOUR_MS) {
      const minutes = Math.floor(ago / MINUTE_MS)
      return t`${minutes} min ago`
    }
    if (ago < DAY_MS) {
      const hours = Math.floor(ago / HOUR_MS)
      return t`${hours} h ago`
    }
    if (ago < WEEK_MS) {
      const days = Math.floor(ago / DAY_MS)
      return t`${days} d ago`
    }
    return formatDate(iso)
  }
}
