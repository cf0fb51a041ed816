import { useMaskito } from '@maskito/react'
import { useCallback, type ComponentProps, type Ref } from 'react'
import { phoneMaskOptions } from './phone-mask.ts'
import { TextField } from './text-field.tsx'

type PhoneFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'ref'> & {
  ref?: Ref<HTMLInputElement>
}

/** A phone input masked as +998 ## ###-##-##, with the keyboard and autofill a phone offers for numbers. */
export function PhoneField({ ref, onChange, ...props }: PhoneFieldProps) {
  const maskRef = useMaskito({ options: phoneMaskOptions })
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
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 __ ___-__-__"
      // Maskito rewrites the value inside input events; its docs pair it with onInput rather than onChange.
      onInput={onChange as ComponentProps<'input'>['onInput']}
    />
  )
}
