import { useLingui } from '@lingui/react/macro'
import { Share2 } from 'lucide-react'
import { ShareProfileButton } from '#src/features/profile-share/components/share-profile-button.tsx'
import { useSession } from '#src/lib/session-store.ts'

/**
 * Shares the executor's own public profile (spec section 1): the phone's share sheet first where there is one,
 * else the share dialog (link, QR code, seven services), which loads on the first click.
 */
export function ShareButton() {
  const { t } = useLingui()
  const profile = useSession((state) => state.profile)
  if (!profile) return null
  return (
    <ShareProfileButton
      slug={profile.slug}
      name={`${profile.name} ${profile.surname}`}
      className="icon-button"
      label={t`Share my profile`}
      own
    >
      <Share2 aria-hidden="true" />
    </ShareProfileButton>
  )
}
