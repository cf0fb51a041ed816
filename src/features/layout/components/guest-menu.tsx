import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Menu } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { useDismiss } from '#src/components/use-dismiss.ts'

/**
 * A guest's secondary links behind one button, so the header keeps to one row on a phone: the specialist sign-up
 * (the bot), all services, the open orders and the questions.
 */
export function GuestMenu({ signupBot }: { signupBot: string }) {
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
        onClick={() => setOpen((value) => !value)}
      >
        <Menu />
      </button>
      {open && (
        <ul id={listId} className="user-menu__list" aria-label={t`Menu`}>
          <li>
            <a href={signupBot} className="menu-item" rel="noopener" target="_blank" onClick={close}>
              {t`Become a specialist`}
            </a>
          </li>
          <li>
            <Link to="/services-all" className="menu-item" onClick={close}>
              {t`All services`}
            </Link>
          </li>
          <li>
            <Link to="/orders" className="menu-item" onClick={close}>
              {t`Orders`}
            </Link>
          </li>
          <li>
            <Link to="/faq" className="menu-item" onClick={close}>
              {t`Questions and answers`}
            </Link>
          </li>
        </ul>
      )}
    </div>
  )
}
