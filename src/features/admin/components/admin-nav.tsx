import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** The console's pages, the one shown marked as current. */
export function AdminNav() {
  const { t } = useLingui()
  return (
    <nav className="admin-nav" aria-label={t`Moderation`}>
      <Link
        to="/admin"
        className="tabs__tab"
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page' }}
      >
        {t`Documents to check`}
      </Link>
      <Link to="/admin/services" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
        {t`Proposed services`}
      </Link>
      <Link to="/admin/reviews" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
        {t`Reviews`}
      </Link>
      <Link to="/admin/reports" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
        {t`Reports`}
      </Link>
      <Link to="/admin/audit" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
        {t`Audit log`}
      </Link>
      <Link to="/admin/content" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
        {t`Site content`}
      </Link>
    </nav>
  )
}
