import { useEffect, useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * The message a modal shows above its fields (a refused login, no network). It belongs to one attempt: it goes as
 * soon as the person changes a field of any of the modal's forms, and `clearing` wraps a submit handler so a new
 * attempt starts without it, even one that the form's own checks stop before anything is sent.
 */
export function useFormError<T extends FieldValues, U extends FieldValues = T>(
  form: UseFormReturn<T>,
  other?: UseFormReturn<U>,
) {
  const [formError, setFormError] = useState<string | null>(null)
  useEffect(() => {
    const clear = () => setFormError(null)
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: clear })
    const unsubscribeOther = other?.subscribe({ formState: { values: true }, callback: clear })
    return () => {
      unsubscribe()
      unsubscribeOther?.()
    }
  }, [form, other])
  const clearing =
    <E>(submit: (event?: E) => Promise<void>) =>
    (event?: E) => {
      setFormError(null)
      return submit(event)
    }
  return { formError, setFormError, clearing }
}
