import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useExternalLinks } from '#src/features/layout/use-links.ts'
import { botLinkWithInvite } from '#src/lib/invite.ts'

/** The guest menu's links, loaded when the menu is first reached rather than with the first screen. */
export default function GuestMenuList({ id, onChoose }: { id: string; onChoose: () => void }) {
  const { t } = useLingui()
  const links = useExternalLinks()
  return (
    <ul id={id} className="user-menu__list" aria-label={t`Menu`}>
      <li>
        <a
          href={botLinkWithInvite(links.signupBot)}
          className="menu-item"
          rel="noopener"
          target="_blank"
          onClick={onChoose}
        >
          {t`Become a specialist`}
        </a>
      </li>
      <li>
        <Link to="/services-all" className="menu-item" onClick={onChoose}>
          {t`All services`}
        </Link>
      </li>
      <li>
        <Link to="/orders" className="menu-item" onClick={onChoose}>
          {t`Orders`}
        </Link>
      </li>
      <li>
        <Link to="/faq" className="menu-item" onClick={onChoose}>
          {t`Questions and answers`}
        </Link>
      </li>
    </ul>
  )
}
