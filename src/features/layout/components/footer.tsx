import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useExternalLinks } from '../use-links.ts'

export function Footer() {
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
        <a href={links.telegram} rel="noopener" target="_blank">
          Telegram
        </a>
        <a href={links.instagram} rel="noopener" target="_blank">
          Instagram
        </a>
        <a href={links.facebook} rel="noopener" target="_blank">
          Facebook
        </a>
        <a href={links.youtube} rel="noopener" target="_blank">
          YouTube
        </a>
      </nav>
      <p className="footer__note">
        <Trans>© Fika. Posting an order is free.</Trans>
      </p>
    </footer>
  )
}
