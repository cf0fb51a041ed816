import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** Orders, Wallet, Profile, Support, Bonuses: the logged-in menu of the header and of the bottom bar. */
export function MainMenuItems({ className }: { className: string }) {
  const { t } = useLingui()
  const items = [
    { to: '/orders', label: t`Orders`, icon: '☰' },
    { to: '/wallet', label: t`Wallet`, icon: '₸' },
    { to: '/account', label: t`Profile`, icon: '☺' },
    { to: '/support', label: t`Support`, icon: '?' },
    { to: '/bonus', label: t`Bonuses`, icon: '★' },
  ] as const
  return (
    <>
      {items.map((item) => (
        <Link key={item.to} to={item.to} className={className} activeProps={{ 'aria-current': 'page' }}>
          <span className={`${className}-icon`} aria-hidden="true">
            {item.icon}
          </span>
          <span>{item.label}</span>
        </Link>
      ))}
    </>
  )
}
