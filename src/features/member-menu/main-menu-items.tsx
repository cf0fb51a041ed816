import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ClipboardList, Gift, LifeBuoy, UserRound, Wallet } from 'lucide-react'
import { useSession } from '#src/lib/session-store.ts'

/**
 * Orders, Wallet, Profile, Support, Bonuses: the logged-in menu of the header and of the bottom bar. The bottom
 * bar has a fifth of a phone's width per item, so it names support with a shorter word. The wallet holds an
 * executor's plans and payments: a customer pays the specialist directly and has nothing there, so a customer's
 * menu has no Wallet.
 */
export function MainMenuItems({ className, short = false }: { className: string; short?: boolean }) {
  const { t } = useLingui()
  const executor = useSession((state) => state.profile?.type === 'executor')
  const items = [
    { to: '/orders', label: t`Orders`, Icon: ClipboardList },
    ...(executor ? [{ to: '/wallet', label: t`Wallet`, Icon: Wallet } as const] : []),
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
