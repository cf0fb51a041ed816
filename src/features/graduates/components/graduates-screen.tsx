import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { PROMO_CODE_MAX, type Plan, type PromoTerms } from '#contract/schemas/wallet.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { walletApi } from '#src/features/wallet/wallet-api.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDate } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'

type Checked =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'valid'; terms: PromoTerms }
  | { status: 'refused'; message: string }

/**
 * /graduates: the offer for graduates of the training centre (issue 14). A graduate checks the promo code the
 * centre gave them (`GET /wallet/promo/{code}`, which needs a login), sees its terms and goes to the wallet with it
 * (`/wallet?promo=CODE`), where checkout takes it (decision 015, "Promo codes").
 */
export function GraduatesScreen() {
  const { t } = useLingui()
  const loggedIn = useSession((state) => Boolean(state.token))
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState<Checked>({ status: 'idle' })
  const plans: Record<Plan, string> = {
    starter: t`Starter`,
    master: t`Master`,
    professional: t`Professional`,
  }

  const check = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed || checked.status === 'checking') return
    setChecked({ status: 'checking' })
    walletApi
      .promo(trimmed)
      .then((terms) => setChecked({ status: 'valid', terms }))
      .catch((error: unknown) =>
        setChecked({
          status: 'refused',
          message:
            error instanceof ApiError && error.status === 0
              ? t`No internet connection: the code could not be checked.`
              : error instanceof ApiError && error.body
                ? error.message
                : t`The code could not be checked. Try again.`,
        }),
      )
  }

  return (
    <ScreenLayout
      title={t`For graduates of the training centre`}
      lead={t`Finished a course at our training centre? Take a specialist's plan on graduates' terms.`}
    >
      <section aria-labelledby="graduates-how">
        <h2 id="graduates-how">
          <Trans>How it works</Trans>
        </h2>
        <ol>
          <li>
            <Trans>The training centre gives you a promo code when you graduate.</Trans>
          </li>
          <li>
            <Trans>Register as a specialist and log in.</Trans>
          </li>
          <li>
            <Trans>Check the code below: you will see its discount, plan and how long it is valid.</Trans>
          </li>
          <li>
            <Trans>Pay for the plan in the wallet with the code: the discount is in the price at once.</Trans>
          </li>
        </ol>
        <p>
          <Trans>
            A code is valid until its end date and for a limited number of graduates; it counts once the
            payment is done.
          </Trans>
        </p>
      </section>
      {loggedIn ? (
        <form onSubmit={check} aria-labelledby="graduates-check">
          <h2 id="graduates-check">
            <Trans>Check your code</Trans>
          </h2>
          <label htmlFor="graduates-code">
            <Trans>Promo code</Trans>
          </label>{' '}
          <input
            id="graduates-code"
            value={code}
            maxLength={PROMO_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={checked.status === 'refused'}
            aria-describedby="graduates-result"
            onChange={(event) => {
              setCode(event.target.value)
              setChecked({ status: 'idle' })
            }}
          />{' '}
          <button type="submit" className="button" aria-disabled={checked.status === 'checking'}>
            {checked.status === 'checking' ? <Trans>Checking…</Trans> : <Trans>Check the code</Trans>}
          </button>
          <div id="graduates-result" aria-live="polite">
            {checked.status === 'refused' && <p role="alert">{checked.message}</p>}
            {checked.status === 'valid' && (
              <>
                <p>
                  {checked.terms.plan
                    ? t`Code ${checked.terms.code}: ${checked.terms.percent_off}% off the ${plans[checked.terms.plan]} plan, valid until ${formatDate(checked.terms.valid_until)}.`
                    : t`Code ${checked.terms.code}: ${checked.terms.percent_off}% off any plan, valid until ${formatDate(checked.terms.valid_until)}.`}
                </p>
                <Link to="/wallet" search={{ promo: checked.terms.code }} className="button">
                  <Trans>Choose a plan with this code</Trans>
                </Link>
              </>
            )}
          </div>
        </form>
      ) : (
        <section>
          <p>
            <Trans>Log in as a specialist to check your code and pay with it.</Trans>
          </p>
          <Link to="/signup" className="button">
            <Trans>Become a specialist</Trans>
          </Link>
        </section>
      )}
    </ScreenLayout>
  )
}
