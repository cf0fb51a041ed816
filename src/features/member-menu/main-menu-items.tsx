import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ClipboardList, Gift, LifeBuoy, UserRound, Wallet } from 'lucide-react'

/**
 * Orders, Wallet, Profile, Support, Bonuses: the logged-in menu of the header and of the bottom bar. The bottom
 * bar has a fifth of a phone's width per item, so it names support with a shorter word.
 */
export function MainMenuItems({ className, short = false }: { className: string; short?: boolean }) {
  const { t } = useLingui()
  const items = [
    { to: '/orders', label: t`Orders`, Icon: ClipboardList },
    { to: '/wallet', label: t`Wallet`, Icon: Wallet },
    { to: '/account', label: t`Profile`, Icon: UserRound },
    { to: '/support', label: short ? t`Help` : t`Support`, Icon: LifeBuoy },
    { to: '/bonus', label: t`Bonuses`, Icon: Gift },
  ] as const
  return (
    <>
      {items.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className={className} activeProps={{ 'aria-current': 'page' }}>
          <Icon className={`${className}-icon`} />
          <span className={`${className}-label`}>{label}</span>
        </Link>
      ))}
    </>
  )
}
