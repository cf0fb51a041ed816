/** The addresses where a specialist receives clients: up to ADDRESSES_MAX, each with its count, added and removed. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ADDRESSES_MAX } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'

/** Each work address's limit in contract/schemas/specialists.ts (`work_addresses: text(300)`). */
const WORK_ADDRESS_MAX = 300

export function WorkAddresses({
  addresses,
  onChange: setAddresses,
}: {
  addresses: string[]
  onChange: (next: string[]) => void
}) {
  const { i18n } = useLingui()
  const fieldId = useId()
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Addresses where I receive clients</Trans>
      </legend>
      <p className="form__hint">
        <Trans>Optional, at most {ADDRESSES_MAX}. They are shown on your public profile.</Trans>
      </p>
      {addresses.map((address, index) => (
        <div key={index} className="wizard__row">
          <div className="field">
            <label htmlFor={`${fieldId}-address-${index}`} className="field__label">
              <Trans>Address {index + 1}</Trans>
            </label>
            <input
              id={`${fieldId}-address-${index}`}
              className="field__input"
              maxLength={WORK_ADDRESS_MAX}
              value={address}
              aria-describedby={`${fieldId}-address-${index}-count`}
              onChange={(event) =>
                setAddresses(addresses.map((kept, at) => (at === index ? event.target.value : kept)))
              }
            />
            <CharCount
              id={`${fieldId}-address-${index}-count`}
              length={address.length}
              max={WORK_ADDRESS_MAX}
              words={limitWords(i18n, address.length, WORK_ADDRESS_MAX)}
            />
          </div>
          <button
            type="button"
            className="link-button"
            onClick={() => setAddresses(addresses.filter((_, at) => at !== index))}
          >
            <Trans>Remove address {index + 1}</Trans>
          </button>
        </div>
      ))}
      {addresses.length < ADDRESSES_MAX && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setAddresses([...addresses, ''])}
        >
          <Trans>Add an address</Trans>
        </button>
      )}
    </fieldset>
  )
}
