import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { profileEndpoints } from '#contract/profile-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { formatNumber } from '#src/lib/format.ts'

const TIYIN_PER_SUM = 100

type Offered = { id: number; name: string; category: string; priceFrom: number | null }

type ServicePickerProps = {
  executorId: number
  value: number | null
  onChange: (serviceId: number) => void
  /** Told whether the specialist has any service to order, once their profile is read. */
  onLoaded?: (any: boolean) => void
  error?: string | undefined
}

/** The services the specialist provides (their active specialties' active lines), as one radio group. */
async function offeredBy(executorId: number): Promise<Offered[]> {
  const profile = await api.call(profileEndpoints.publicProfile, { params: { slug: String(executorId) } })
  return profile.specialities
    .filter((speciality) => speciality.active)
    .flatMap((speciality) =>
      speciality.services
        .filter((line) => line.active)
        .map((line) => ({
          id: line.service.id,
          name: line.service.name,
          category: speciality.category.name,
          priceFrom: line.price_from,
        })),
    )
}

/** A direct order is for one of the specialist's own services: only those are offered. */
export function ServicePicker({ executorId, value, onChange, onLoaded, error }: ServicePickerProps) {
  const { t } = useLingui()
  // The ids of the error and of each option's name and hint.
  const errorId = useId()
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed' } | { status: 'ready'; services: Offered[] }
  >({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    offeredBy(executorId)
      .then((services) => {
        if (!current) return
        setState({ status: 'ready', services })
        onLoaded?.(services.length > 0)
      })
      .catch(() => current && setState({ status: 'failed' }))
    return () => {
      current = false
    }
  }, [executorId, attempt, onLoaded])

  if (state.status === 'loading') {
    return (
      <p role="status">
        <Trans>Loading the specialist's services…</Trans>
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className="choice__problem">
        <p>
          <Trans>The specialist's services could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setState({ status: 'loading' })
            setAttempt((n) => n + 1)
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  if (state.services.length === 0) {
    return (
      <p role="alert" className="form__error">
        <Trans>This specialist has not listed any services yet, so a direct order cannot be sent.</Trans>
      </p>
    )
  }
  return (
    <fieldset
      className="choice"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">
        <Trans>Service</Trans>
      </legend>
      <div className="choice__options">
        {state.services.map((service) => {
          const from = service.priceFrom === null ? null : formatNumber(service.priceFrom / TIYIN_PER_SUM)
          return (
            <label key={service.id} className="choice__option">
              <input
                type="radio"
                name="service"
                checked={value === service.id}
                onChange={() => onChange(service.id)}
                aria-labelledby={`${errorId}-${service.id}`}
                aria-describedby={`${errorId}-${service.id}-hint`}
              />
              <span className="choice__text">
                <span id={`${errorId}-${service.id}`}>{service.name}</span>
                <span id={`${errorId}-${service.id}-hint`} className="choice__hint">
                  {service.category}
                </span>
              </span>
              {from !== null && <span className="choice__price">{t`from ${from} so'm`}</span>}
            </label>
          )
        })}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
