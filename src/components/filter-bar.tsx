// What the filter bars of the lists share (the specialists' and the orders'): the draft they edit with its price
// check, a labelled field with its error, category and service, a price range in so'm, the "Filters" toggle and
// the apply and reset buttons. Each list keeps its own fields and what it does with them.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { Category } from '#contract/schemas/catalogue.ts'

/** The fields every filter bar has, as typed (strings; '' is "any"). */
type BaseDraft = { category: string; service: string; price_from: string; price_to: string }
type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D]
type Change = (event: { target: { value: string } }) => void
export type Prices = { priceFrom: number | undefined; priceTo: number | undefined }

const wholeSom = (value: string) => (/^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : undefined)

/**
 * The filters as typed, not yet applied, and what is wrong with them. `set(name)` is a field's change handler;
 * `submit(check, apply)` checks the price range, then `check` adds the list's own findings, and `apply` gets the
 * prices once nothing is wrong; `reset(then)` empties the draft.
 */
export function useFilterDraft<D extends BaseDraft>(start: () => D, empty: D) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(start)
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({})
  const set = (name: TextKey<D>) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({
      ...previous,
      [name]: event.target.value,
      // Another category's services do not belong to the new one.
      ...(name === 'category' && { service: '' }),
    }))

  const submit =
    (check: (found: typeof errors) => void, apply: (prices: Prices) => void) => (event: FormEvent) => {
      event.preventDefault()
      const found: typeof errors = {}
      const priceFrom = wholeSom(draft.price_from)
      const priceTo = wholeSom(draft.price_to)
      if (draft.price_from.trim() && priceFrom === undefined)
        found.price_from = t`Enter a whole number of so'm`
      if (draft.price_to.trim() && priceTo === undefined) found.price_to = t`Enter a whole number of so'm`
      if (priceFrom !== undefined && priceTo !== undefined && priceTo < priceFrom)
        found.price_to = t`The maximum price is below the minimum`
      check(found)
      setErrors(found)
      if (Object.keys(found).length === 0) apply({ priceFrom, priceTo })
    }

  const reset = (then: () => void) => {
    setDraft(empty)
    setErrors({})
    then()
  }
  return { draft, setDraft, errors, set, submit, reset }
}

/** A labelled field; `error` is said below it and the control (drawn by `children`) is described by it. */
export function FilterField(props: {
  label: ReactNode
  error?: string | undefined
  children: (id: string, describedBy?: string) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      {props.children(id, props.error ? errorId : undefined)}
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  )
}

/** The category, then a service of it (none to choose before a category). `named`: the controls carry names. */
export function CategoryServiceFields({
  categories,
  services,
  draft,
  set,
  named,
}: {
  categories: Category[]
  services: { id: number; name: string }[]
  draft: BaseDraft
  set: (name: 'category' | 'service') => Change
  named?: boolean
}) {
  const { t } = useLingui()
  return (
    <>
      <FilterField label={t`Category`}>
        {(id) => (
          <select
            id={id}
            className="field__input"
            value={draft.category}
            name={named ? 'category' : undefined}
            onChange={set('category')}
          >
            <option value="">{t`All categories`}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <FilterField label={t`Service`}>
        {(id) => (
          <select
            id={id}
            className="field__input"
            value={draft.service}
            name={named ? 'service' : undefined}
            onChange={set('service')}
            disabled={services.length === 0}
          >
            <option value="">{t`All services`}</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        )}
      </FilterField>
    </>
  )
}

/** The price range in whole so'm, each end with its error. `named`: the inputs carry names. */
export function PriceRangeFields({
  className,
  draft,
  errors,
  set,
  named,
}: {
  className: string
  draft: BaseDraft
  errors: Partial<Record<'price_from' | 'price_to', string>>
  set: (name: 'price_from' | 'price_to') => Change
  named?: boolean
}) {
  const { t } = useLingui()
  const end = (name: 'price_from' | 'price_to', label: string) => (
    <FilterField label={label} error={errors[name]}>
      {(id, describedBy) => (
        <input
          id={id}
          className="field__input"
          inputMode="numeric"
          value={draft[name]}
          name={named ? name : undefined}
          onChange={set(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FilterField>
  )
  return (
    <fieldset className={className}>
      <legend>{t`Price, so'm`}</legend>
      {end('price_from', t`From`)}
      {end('price_to', t`To`)}
    </fieldset>
  )
}

/** What opens the filters, with how many are applied. */
export function FiltersToggle({ className, count }: { className: string; count: number }) {
  return (
    <summary className={className}>
      {count > 0 ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
    </summary>
  )
}

/** Apply (`apply` is its label) and reset. */
export function FilterActions({
  className,
  apply,
  onReset,
}: {
  className: string
  apply: ReactNode
  onReset: () => void
}) {
  return (
    <div className={className}>
      <button type="submit" className="button">
        {apply}
      </button>
      <button type="button" className="button button--secondary" onClick={onReset}>
        <Trans>Reset filters</Trans>
      </button>
    </div>
  )
}
