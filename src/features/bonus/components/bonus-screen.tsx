import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { endpoints } from '#contract/endpoints.ts'
import type { Bonus } from '#contract/schemas/wallet.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { api } from '#src/lib/api.ts'
import { formatDate } from '#src/lib/format.ts'
import '../bonus.css'

/** How long "Copied" stays after the copy button (the spec's copy confirmation). */
export const COPIED_FOR_MS = 1000

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; bonus: Bonus }

/**
 * /bonus (issue 14; decision 015, "Bonuses"): the invite link with a copy button, the plan days earned by invites,
 * the people invited and whether each brought the days, and how to earn more.
 */
export function BonusScreen() {
  const { t } = useLingui()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    api
      .call(endpoints.walletBonus)
      .then((bonus) => live && setLoaded({ status: 'ready', bonus }))
      .catch(() => live && setLoaded({ status: 'failed' }))
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <ScreenLayout title={t`Bonuses`} lead={t`Invite specialists and get days of your plan for free.`}>
      {loaded.status === 'loading' ? (
        <p role="status">
          <Trans>Loading your bonuses…</Trans>
        </p>
      ) : loaded.status === 'failed' ? (
        <div role="alert">
          <p>
            <Trans>The bonuses could not be loaded.</Trans>
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setLoaded({ status: 'loading' })
              setAttempt((n) => n + 1)
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <BonusDetails bonus={loaded.bonus} />
      )}
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
  const input = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle')
  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setState('copied')
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected for the person to copy.
      input.current?.focus()
      input.current?.select()
      setState('select')
    }
  }

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
