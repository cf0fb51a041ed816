import { useLingui } from '@lingui/react/macro'
import type { UseFormReturn } from 'react-hook-form'
import { TextField } from '#src/components/text-field.tsx'
import type { OrderForm } from '../order-form.ts'
import { fieldErrorText } from '../order-messages.ts'

/** The address as typed; a pin on the map is optional. */
export function AddressFields({ form }: { form: UseFormReturn<OrderForm> }) {
  const { t, i18n } = useLingui()
  return (
    <TextField
      label={t`Address`}
      autoComplete="street-address"
      error={fieldErrorText(i18n, form.formState.errors.address)}
      {...form.register('address')}
    />
  )
}
