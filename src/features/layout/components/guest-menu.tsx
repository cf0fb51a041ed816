import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react'
import { MenuIcon } from '#src/components/first-screen-icons.tsx'
import { useDismiss } from '#src/components/use-dismiss.ts'
import { withMessages } from '#src/lib/drawn-page.ts'

// Fetched as the pointer, a finger or the keyboard reaches the button, so the list is there by the time it opens.
const loadList = () =>
  withMessages(
    import('#src/features/site-links/guest-menu-list.tsx'),
    import('#src/features/site-links/catalog.ts').then((catalog) => catalog.loadSiteLinksCatalog()),
  )
const GuestMenuList = lazy(loadList)
const preloadList = () => void loadList().catch(() => undefined)

/**
 * A guest's secondary links behind one button, so the header keeps to one row on a phone: the specialist sign-up
 * (the bot), all services, the open orders and the questions.
 */
export function GuestMenu() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const listId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, ref, close)
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Menu`}
        aria-expanded={open}
        aria-controls={listId}
        onPointerEnter={preloadList}
        onPointerDown={preloadList}
        onFocus={preloadList}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
      </button>
      {open && (
        <Suspense>
          <GuestMenuList id={listId} onChoose={close} />
        </Suspense>
      )}
    </div>
  )
}
