import { lazy, Suspense, useState, type ReactNode } from 'react'
import { siteOrigin } from '#src/lib/server-render.ts'

// The dialog, its messages and the QR library load on the first click, not with the header or the profile.
const ShareDialog = lazy(() => import('./share-dialog.tsx'))

/** A phone (a coarse pointer) that has the system's share sheet. */
const phoneShareSheet = () =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches === true

type ShareProfileButtonProps = {
  /** The profile's slug: the shared link is /profile/{slug}, as the spec's share link is. */
  slug: string
  /** The specialist's full name. */
  name: string
  className: string
  /** The button's content; `label` names it when the content is only an icon. */
  children: ReactNode
  label?: string | undefined
  /** The owner's own profile: the dialog asks the server for the link (a professional plan's feature). */
  own?: boolean
}

/**
 * Shares a profile. On a phone the system's share sheet comes first (spec section 1); closing it without sharing
 * opens the dialog (copy link, QR code, seven services), which is what every other device opens at once. The
 * owner's own profile (`own`, the header's button) opens the dialog at once: it asks the server for the link, which
 * needs the professional plan (docs/decisions/016), and offers the phone's share sheet itself.
 */
export function ShareProfileButton({
  slug,
  name,
  className,
  children,
  label,
  own = false,
}: ShareProfileButtonProps) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const url = `${siteOrigin()}/profile/${slug}`

  const share = async () => {
    if (!own && phoneShareSheet()) {
      try {
        await navigator.share({ title: name, url })
        return
      } catch {
        // Closed without sharing, or refused: the dialog offers the other ways.
      }
    }
    setUsed(true)
    setOpen(true)
  }

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => void share()}
        aria-label={label}
        aria-haspopup="dialog"
      >
        {children}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ShareDialog
            open={open}
            onClose={() => setOpen(false)}
            url={url}
            name={name}
            fileName={`fika-${slug}`}
            own={own}
          />
        </Suspense>
      )}
    </>
  )
}
