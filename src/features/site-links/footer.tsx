import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useExternalLinks } from '#src/features/layout/use-links.ts'

const SOCIAL_NAMES = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
} as const

export default function Footer() {
  const { t } = useLingui()
  const links = useExternalLinks()
  return (
    <footer className="footer">
      <nav aria-label={t`About the service`} className="footer__links">
        <Link to="/about">{t`About us`}</Link>
        <Link to="/blog">{t`Blog`}</Link>
        <Link to="/contact">{t`Contacts`}</Link>
        <Link to="/signup">{t`Become a specialist`}</Link>
        <Link to="/services-all">{t`All services`}</Link>
        <Link to="/faq">{t`Questions and answers`}</Link>
        <Link to="/legal">{t`Legal documents`}</Link>
      </nav>
      <nav aria-label={t`Social networks`} className="footer__social">
        {(['telegram', 'instagram', 'facebook', 'youtube'] as const).map((network) => (
          <a key={network} href={links[network]} rel="noopener" target="_blank">
            {SOCIAL_NAMES[network]}
          </a>
        ))}
      </nav>
      <p className="footer__note">
        <Trans>© Fika. Posting an order is free.</Trans>
      </p>
    </footer>
  )
}
