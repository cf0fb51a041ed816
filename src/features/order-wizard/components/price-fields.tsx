import { maskitoNumberOptionsGenerator } from '@maskito/kit'
import { useMaskito } from '@maskito/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, type ComponentProps, type ReactNode, type Ref } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { TextField } from '#src/components/text-field.tsx'
import { PRICE_MASK_MAX_SOUM } from '#src/lib/price-bounds.ts'
import { THOUSAND_SEPARATOR, type OrderForm, type PriceMode } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'

const soumMask = maskitoNumberOptionsGenerator({
  thousandSeparator: THOUSAND_SEPARATOR,
  maximumFractionDigits: 0,
  min: 0,
  max: PRICE_MASK_MAX_SOUM,
})

/** The price: one amount, a range, or an upper bound, typed in so'm (sent in tiyin). All optional. */
export function PriceFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { t, i18n } = useLingui()
  const mode = useWatch({ control: form.control, name: 'priceMode' })
  const { errors } = form.formState
  const modes: { value: PriceMode; label: ReactNode }[] = [
    { value: 'single', label: <Trans>Exact price</Trans> },
    { value: 'range', label: <Trans>From – to</Trans> },
    { value: 'upto', label: <Trans>Up to</Trans> },
  ]
  const recheck = { onChange: () => void form.trigger(['priceMax']) }
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Price, so'm</Trans>
      </legend>
      <div className="wizard__row" role="radiogroup" aria-label={t`How to give the price`}>
        {modes.map(({ value, label }) => (
          <label key={value} className="choice">
            <input type="radio" value={value} {...form.register('priceMode')} />
            {label}
          </label>
        ))}
      </div>
      {mode === 'single' && (
        <MoneyField label={t`Price`} error={fieldErrorText(i18n, errors.price)} {...form.register('price')} />
      )}
      {mode === 'range' && (
        <div className="wizard__row">
          <MoneyField
            label={t`From`}
            error={fieldErrorText(i18n, errors.priceMin)}
            {...form.register('priceMin', recheck)}
          />
          <MoneyField
            label={t`To`}
            error={fieldErrorText(i18n, errors.priceMax)}
            {...form.register('priceMax')}
          />
        </div>
      )}
      {mode === 'upto' && (
        <MoneyField
          label={t`At most`}
          error={fieldErrorText(i18n, errors.priceMax)}
          {...form.register('priceMax')}
        />
      )}
    </fieldset>
  )
}

type MoneyFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'ref'> & {
  ref?: Ref<HTMLInputElement>
}

/** An amount in so'm with its thousands spaced (1 250 000), digits only. */
function MoneyField({ ref, onChange, ...props }: MoneyFieldProps) {
  const maskRef = useMaskito({ options: soumMask })
  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      maskRef(element)
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [maskRef, ref],
  )
  return (
    <TextField
      {...props}
      ref={setRefs}
      inputMode="numeric"
      autoComplete="off"
      // Maskito rewrites the value inside input events; its docs pair it with onInput rather than onChange.
      onInput={onChange as ComponentProps<'input'>['onInput']}
    />
  )
}
