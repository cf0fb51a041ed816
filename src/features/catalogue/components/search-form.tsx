import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

type SearchFormProps = {
  box?: Ref<HTMLDivElement>
  form?: Ref<HTMLFormElement>
  inputId?: string
  /** The id of the dropdown the field controls. */
  listId?: string
  onSubmit?: () => void
  /** What the working search adds to its field: its value, whether its list is open, and its handlers. */
  input?: InputHTMLAttributes<HTMLInputElement>
  /** The dropdown, under the form. */
  children?: ReactNode
}

/**
 * The search's form as it is drawn: the working search (search-dropdown.tsx) and the form shown while its code is
 * on its way (search-box.tsx) draw the same field and button.
 */
export function SearchForm({ box, form, inputId, listId, onSubmit, input, children }: SearchFormProps) {
  const { t } = useLingui()
  const ownId = useId()
  const id = inputId ?? `${ownId}input`
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit?.()
  }
  return (
    <div className="search" ref={box}>
      <form ref={form} role="search" className="search__form" onSubmit={submit}>
        <label htmlFor={id} className="search__label">
          <Trans>Find a service</Trans>
        </label>
        <div className="search__row">
          <input
            id={id}
            name="search"
            className="search__input"
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t`For example: cleaning, electrician, IELTS`}
            role="combobox"
            aria-expanded={false}
            aria-controls={listId ?? `${ownId}list`}
            aria-autocomplete="list"
            {...input}
          />
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      {children}
    </div>
  )
}
