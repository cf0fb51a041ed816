import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Benefits } from './benefits.tsx'
import { FaqBlock } from './faq-block.tsx'
import { HowItWorks } from './how-it-works.tsx'
import { SpecialistSignup } from './specialist-signup.tsx'
import { Testimonials } from './testimonials.tsx'
import { loadHomeCatalog } from '../catalog.ts'
import { botLinkWithInvite } from '#src/lib/invite.ts'

// The sections' messages are not in the first screen's catalog: this chunk resolves once they are loaded.
await loadHomeCatalog()

/**
 * The home page below the categories: how it works, testimonials, benefits, questions, the closing banner and the
 * specialists' sign-up. One chunk, loaded as the reader scrolls towards it (see `LazyHomeSections`), so the first
 * screen does not pay for it.
 */
export default function BelowTheFold({ botUrl: settingsBotUrl }: { botUrl: string }) {
  // The bot's sign-up link carries an invite this browser keeps (`start=inv_<code>`).
  const botUrl = botLinkWithInvite(settingsBotUrl)
  return (
    <>
      <HowItWorks />
      <Testimonials />
      <Benefits />
      <FaqBlock />
      <section className="home__section home__banner" aria-labelledby="banner-title">
        <h2 id="banner-title">
          <Trans>Ready to start?</Trans>
        </h2>
        <p>
          <Trans>Get orders without rent or advertising fees: we charge only for successful orders.</Trans>
        </p>
        <div className="home__banner-actions">
          <Link to="/services-all" className="button">
            <Trans>Find a service</Trans>
          </Link>
          <a href={botUrl} className="button button--secondary" rel="noopener" target="_blank">
            <Trans>Become a performer</Trans>
          </a>
        </div>
      </section>
      <SpecialistSignup botUrl={botUrl} />
    </>
  )
}
