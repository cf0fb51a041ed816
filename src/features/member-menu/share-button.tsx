import { useLingui } from '@lingui/react/macro'
import { Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSession } from '#src/lib/session-store.ts'

const COPIED_FOR_MS = 1000

/**
 * Shares the executor's public profile: the phone's own share sheet where there is one, else the link is copied
 * with a one-second confirmation. The full share dialog (QR, seven targets) comes with the profile screens.
 */
export function ShareButton() {
  const { t } = useLingui()
  const profile = useSession((state) => state.profile)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copied])
  if (!profile) return null
  const url = `${window.location.origin}/profile/${profile.slug}`

  const share = async () => {
    if (navigator.share) {
      await navigator.share({ title: `${profile.name} ${profile.surname}`, url }).catch(() => undefined)
      return
    }
    await navigator.clipboard?.writeText(url)
    setCopied(true)
  }

  return (
    <button type="button" className="icon-button" onClick={share} aria-label={t`Share my profile`}>
      <Share2 />
      {copied && (
        <span className="toast-inline" role="status">
          {t`Link copied`}
        </span>
      )}
    </button>
  )
}
