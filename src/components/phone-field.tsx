import { useLingui } from '@lingui/react/macro'
import { useMaskito } from '@maskito/react'
import {
  useCallback,
  useMemo,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type Ref,
} from 'react'
import { withUserText } from '#src/lib/user-text.tsx'
import { phoneMaskOptions } from './phone-mask.ts'
import { TextField } from './text-field.tsx'

type PhoneFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'ref'> & {
  ref?: Ref<HTMLInputElement>
}

/** Another country's number that was typed or pasted, and the value the field kept instead. */
type Refusal = { text: string; kept: string }

/**
 * A phone input masked as +998 ## ###-##-##, with the keyboard and autofill a phone offers for numbers. Another
 * country's number (+7 912…, 8 912…, +44…) is not converted: the field keeps what it had, and the message under it,
 * tied to it like an error, says that only Uzbekistan numbers are accepted and shows the number that was not entered,
 * until the person changes the value.
 */
export function PhoneField({ ref, onChange, error, ...props }: PhoneFieldProps) {
  const { t } = useLingui()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const options = useMemo(
    () => phoneMaskOptions((text, kept) => setRefusal({ text: text.trim().replace(/\s+/g, ' '), kept })),
    [],
  )
  const maskRef = useMaskito({ options })
  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      maskRef(element)
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [maskRef, ref],
  )
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget
    // The input event of a refused change carries the kept value; any other change takes the message away, except
    // emptying a lone "+" when the person leaves the field: the message still says why it is empty.
    const emptiedOnLeaving = value === '' && event.currentTarget !== document.activeElement
    setRefusal((current) => (current && !emptiedOnLeaving && current.kept !== value ? null : current))
    onChange?.(event as ChangeEvent<HTMLInputElement>)
  }
  const refused = refusal
    ? withUserText(
        (text) =>
          t`Only Uzbekistan numbers +998 are accepted. Not entered: ${{ number: text(refusal.text) }}`,
      )
    : undefined
  return (
    <TextField
      {...props}
      ref={setRefs}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 __ ___-__-__"
      error={refused ?? error}
      // Maskito rewrites the value inside input events; its docs pair it with onInput rather than onChange.
      onInput={onInput}
    />
  )
}
