import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { Category } from '#contract/schemas/catalogue.ts'
import { ORDER_PLACES, type OrderPlace } from '#contract/schemas/orders.ts'
import { activeFilterCount } from '../orders-query.ts'
import type { OrdersSearch } from '../orders-search.ts'
import { useOrderWords } from '#src/features/order-words/order-words.ts'

type Draft = Record<
  'category' | 'service' | 'price_from' | 'price_to' | 'date_from' | 'date_to' | 'place',
  string
>

const draftOf = (search: OrdersSearch): Draft => ({
  category: search.category?.toString() ?? '',
  service: search.service?.toString() ?? '',
  price_from: search.price_from?.toString() ?? '',
  price_to: search.price_to?.toString() ?? '',
  date_from: search.date_from ?? '',
  date_to: search.date_to ?? '',
  place: search.place ?? '',
})

const NO_FILTERS: Partial<OrdersSearch> = {
  category: undefined,
  service: undefined,
  price_from: undefined,
  price_to: undefined,
  date_from: undefined,
  date_to: undefined,
  place: undefined,
}

const wholeSom = (value: string) => (/^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : undefined)

function Field(props: {
  label: ReactNode
  error?: string
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

/**
 * Category or service, price range (so'm), start dates and work place. Applied together, into the address; a
 * wrong value is explained beside its field and nothing typed is lost.
 */
export function OrdersFilters({
  search,
  categories,
  onApply,
}: {
  search: OrdersSearch
  categories: Category[]
  onApply: (filters: Partial<OrdersSearch>) => void
}) {
  const { t } = useLingui()
  const { places } = useOrderWords()
  const [draft, setDraft] = useState(() => draftOf(search))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({
      ...previous,
      [name]: event.target.value,
      // Another category's services do not belong to the new one.
      ...(name === 'category' && { service: '' }),
    }))
  const services = categories.find((category) => String(category.id) === draft.category)?.services ?? []
  const count = activeFilterCount(search)

  function apply(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    const priceFrom = wholeSom(draft.price_from)
    const priceTo = wholeSom(draft.price_to)
    if (draft.price_from.trim() && priceFrom === undefined) found.price_from = t`Enter a whole number of so'm`
    if (draft.price_to.trim() && priceTo === undefined) found.price_to = t`Enter a whole number of so'm`
    if (priceFrom !== undefined && priceTo !== undefined && priceTo < priceFrom)
      found.price_to = t`The maximum price is below the minimum`
    if (draft.date_from && draft.date_to && draft.date_to < draft.date_from)
      found.date_to = t`The last day is before the first one`
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onApply({
      category: draft.category ? Number(draft.category) : undefined,
      service: draft.service ? Number(draft.service) : undefined,
      price_from: priceFrom,
      price_to: priceTo,
      date_from: draft.date_from || undefined,
      date_to: draft.date_to || undefined,
      place: (draft.place || undefined) as OrderPlace | undefined,
    })
  }

  function reset() {
    setDraft(draftOf({}))
    setErrors({})
    onApply(NO_FILTERS)
  }

  return (
    <details className="orders-filters" open={count > 0 || undefined}>
      <summary className="orders-filters__toggle">
        {count > 0 ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
      </summary>
      <form className="orders-filters__form" onSubmit={apply} noValidate aria-label={t`Order filters`}>
        <Field label={t`Category`}>
          {(id) => (
            <select id={id} className="field__input" value={draft.category} onChange={set('category')}>
              <option value="">{t`All categories`}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t`Service`}>
          {(id) => (
            <select
              id={id}
              className="field__input"
              value={draft.service}
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
        </Field>
        <fieldset className="orders-filters__pair">
          <legend>{t`Price, so'm`}</legend>
          <Field label={t`From`} error={errors.price_from}>
            {(id, describedBy) => (
              <input
                id={id}
                className="field__input"
                inputMode="numeric"
                value={draft.price_from}
                onChange={set('price_from')}
                aria-invalid={errors.price_from ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field label={t`To`} error={errors.price_to}>
            {(id, describedBy) => (
              <input
                id={id}
                className="field__input"
                inputMode="numeric"
                value={draft.price_to}
                onChange={set('price_to')}
                aria-invalid={errors.price_to ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        </fieldset>
        <fieldset className="orders-filters__pair">
          <legend>{t`Start date`}</legend>
          <Field label={t`From`}>
            {(id) => (
              <input
                id={id}
                className="field__input"
                type="date"
                value={draft.date_from}
                onChange={set('date_from')}
              />
            )}
          </Field>
          <Field label={t`To`} error={errors.date_to}>
            {(id, describedBy) => (
              <input
                id={id}
                className="field__input"
                type="date"
                value={draft.date_to}
                onChange={set('date_to')}
                aria-invalid={errors.date_to ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        </fieldset>
        <Field label={t`Place`}>
          {(id) => (
            <select id={id} className="field__input" value={draft.place} onChange={set('place')}>
              <option value="">{t`Any place`}</option>
              {ORDER_PLACES.map((place) => (
                <option key={place} value={place}>
                  {places[place]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="orders-filters__actions">
          <button type="submit" className="button">
            <Trans>Show orders</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={reset}>
            <Trans>Reset filters</Trans>
          </button>
        </div>
      </form>
    </details>
  )
}
