import { Trans, useLingui } from '@lingui/react/macro'
import type { UseFormReturn } from 'react-hook-form'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'

/** Where the work happens: at the customer's, at the executor's, online; one at least (spec section 5). */
export function PlaceFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { i18n } = useLingui()
  const error = fieldErrorText(i18n, form.formState.errors.isOnline)
  // Any choice clears the one error the three boxes share.
  const revalidate = { onChange: () => void form.trigger('isOnline') }
  return (
    <fieldset className="wizard__group" aria-describedby={error ? 'order-place-error' : undefined}>
      <legend className="wizard__legend">
        <Trans>Where should the work be done?</Trans>
      </legend>
      <label className="choice">
        <input type="checkbox" {...form.register('atCustomer', revalidate)} />
        <Trans>At my place</Trans>
      </label>
      <label className="choice">
        <input type="checkbox" {...form.register('atExecutor', revalidate)} />
        <Trans>At the specialist's place</Trans>
      </label>
      <label className="choice">
        <input type="checkbox" {...form.register('isOnline')} />
        <Trans>Online</Trans>
      </label>
      {error && (
        <p id="order-place-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
