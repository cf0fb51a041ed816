import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'

export function Footer() {
  const { t } = useLingui()
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
        <a href={EXTERNAL_LINKS.telegram} rel="noopener" target="_blank">
          Telegram
        </a>
        <a href={EXTERNAL_LINKS.instagram} rel="noopener" target="_blank">
          Instagram
        </a>
        <a href={EXTERNAL_LINKS.facebook} rel="noopener" target="_blank">
          Facebook
        </a>
        <a href={EXTERNAL_LINKS.youtube} rel="noopener" target="_blank">
          YouTube
        </a>
      </nav>
      <p className="footer__note">
        <Trans>© Fika. Posting an order is free.</Trans>
      </p>
    </footer>
  )
}
