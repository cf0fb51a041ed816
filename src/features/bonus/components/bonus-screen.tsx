import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { walletEndpoints } from '#contract/wallet-endpoints.ts'
import type { Bonus } from '#contract/schemas/wallet.ts'
import { PagedListStates } from '#src/components/paged-list.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { api } from '#src/lib/api.ts'
import { formatDate } from '#src/lib/format.ts'
import { useCopyLink } from '#src/lib/use-copy-link.ts'
import { useLoaded } from '#src/lib/use-loaded.ts'
import '../bonus.css'

/** How long "Copied" stays after the copy button (the spec's copy confirmation). */
export const COPIED_FOR_MS = 1000

/**
 * /bonus (issue 14; decision 015, "Bonuses"): the invite link with a copy button, the plan days earned by invites,
 * the people invited and whether each brought the days, and how to earn more.
 */
export function BonusScreen() {
  const { t } = useLingui()
  const loaded = useLoaded(() => api.call(walletEndpoints.walletBonus))
  return (
    <ScreenLayout title={t`Bonuses`} lead={t`Invite specialists and get days of your plan for free.`}>
      <PagedListStates
        list={loaded}
        loading={<Trans>Loading your bonuses…</Trans>}
        retryClassName="button button--secondary"
        failed={<Trans>The bonuses could not be loaded.</Trans>}
      >
        {() => loaded.status === 'ready' && <BonusDetails bonus={loaded.data} />}
      </PagedListStates>
    </ScreenLayout>
  )
}

function BonusDetails({ bonus }: { bonus: Bonus }) {
  const { t } = useLingui()
  const days = bonus.bonus_days_per_invite
  const earned = bonus.days_earned
  return (
    <>
      <section aria-labelledby="bonus-link">
        <h2 id="bonus-link">
          <Trans>Your invite link</Trans>
        </h2>
        <InviteLink url={bonus.invite_url} />
      </section>
      <section aria-labelledby="bonus-earned">
        <h2 id="bonus-earned">
          <Trans>Bonus days earned</Trans>
        </h2>
        <p>{t`${earned} days of plan`}</p>
      </section>
      <section aria-labelledby="bonus-how">
        <h2 id="bonus-how">
          <Trans>How to earn more</Trans>
        </h2>
        <p>
          <Trans>
            Send your link to a specialist. When they sign up by it and pay for their first plan, you both get{' '}
            {days} days of plan: they get days of the plan they bought, you get days of your current plan
            (Starter if you have none). The days are added after your paid days.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="bonus-invited">
        <h2 id="bonus-invited">
          <Trans>People you invited</Trans>
        </h2>
        {bonus.invited.length === 0 ? (
          <p>
            <Trans>No one has signed up by your link yet.</Trans>
          </p>
        ) : (
          <ul className="bonus__invited">
            {bonus.invited.map((person, index) => (
              <li key={`${person.joined_at}:${index}`}>
                <strong>{person.name}</strong> <span>{formatDate(person.joined_at)}</span>{' '}
                <span>{person.rewarded ? t`Bonus received` : t`Waiting for their first plan`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function InviteLink({ url }: { url: string }) {
  const { t } = useLingui()
  const id = useId()
  const { input, state, copy } = useCopyLink(url, COPIED_FOR_MS)

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t`Invite link`}
      </label>
      <div className="bonus__link">
        <input
          id={id}
          ref={input}
          type="text"
          className="field__input"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          <Trans>Copy</Trans>
        </button>
      </div>
      <p role="status" className="bonus__status">
        {state === 'copied' && t`Copied`}
        {state === 'select' && t`The link is selected: copy it with your keyboard or the menu.`}
      </p>
    </div>
  )
}
