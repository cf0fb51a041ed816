import { maskitoNumberOptionsGenerator } from '@maskito/kit'
import { useMaskito } from '@maskito/react'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { isPriceTooHigh, PRICE_MASK_MAX_SOUM } from '#src/lib/price-bounds.ts'

const soumMask = maskitoNumberOptionsGenerator({
  thousandSeparator: ' ',
  maximumFractionDigits: 0,
  min: 0,
  max: PRICE_MASK_MAX_SOUM,
})

/** "1 250 000" so'm as typed -> 125 000 000 tiyin; empty -> null. */
export const soumToTiyin = (typed: string) => {
  const digits = typed.replace(/\D/g, '')
  return digits === '' ? null : Number(digits) * 100
}
/** 125 000 000 tiyin -> "1 250 000" as the mask writes it; null -> "". */
export const tiyinToSoum = (tiyin: number | null) =>
  tiyin === null ? '' : String(Math.round(tiyin / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** Prices from/to as typed, by service line (or service) id. */
export type Prices = Record<string, { from: string; to: string }>

/** Whether a typed price is past the server's bound (it is refused, never changed into the bound). */
export const priceTooHigh = (typed: string) => isPriceTooHigh(soumToTiyin(typed))

/** Whether a line's prices cannot be saved: one past the bound, or the upper one below the lower. */
export const pricesInvalid = (prices: { from: string; to: string }) =>
  priceTooHigh(prices.from) || priceTooHigh(prices.to) || priceError(prices)

/** Whether the upper price is below the lower one. */
export const priceError = (prices: { from: string; to: string }) => {
  const from = soumToTiyin(prices.from)
  const to = soumToTiyin(prices.to)
  return from !== null && to !== null && to < from
}

type MoneyInputProps = { label: string; value: string; onChange: (value: string) => void; error?: string }

/** An amount in so'm with its thousands spaced (1 250 000), digits only, as the order wizard's price fields. */
export function MoneyInput({ label, value, onChange, error: given }: MoneyInputProps) {
  const { i18n } = useLingui()
  const id = useId()
  const error = priceTooHigh(value) ? errorText(i18n, 'price_invalid') : given
  const maskRef = useMaskito({ options: soumMask })
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        ref={maskRef}
        className="field__input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // Maskito rewrites the value inside input events; its docs pair it with onInput rather than onChange.
        onInput={(event) => onChange(event.currentTarget.value)}
        onChange={() => undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
