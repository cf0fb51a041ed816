import { maskitoNumberOptionsGenerator } from '@maskito/kit'
import { useMaskito } from '@maskito/react'
import { useId } from 'react'

/** The largest price the mask lets through: ten billion so'm, well inside the integer tiyin the API stores. */
const PRICE_MAX_SOUM = 9_999_999_999
const soumMask = maskitoNumberOptionsGenerator({
  thousandSeparator: ' ',
  maximumFractionDigits: 0,
  min: 0,
  max: PRICE_MAX_SOUM,
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

/** Whether the upper price is below the lower one. */
export const priceError = (prices: { from: string; to: string }) => {
  const from = soumToTiyin(prices.from)
  const to = soumToTiyin(prices.to)
  return from !== null && to !== null && to < from
}

type MoneyInputProps = { label: string; value: string; onChange: (value: string) => void; error?: string }

/** An amount in so'm with its thousands spaced (1 250 000), digits only, as the order wizard's price fields. */
export function MoneyInput({ label, value, onChange, error }: MoneyInputProps) {
  const id = useId()
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
