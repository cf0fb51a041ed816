import { Trans, useLingui } from '@lingui/react/macro'
import { DistrictOptions } from '#src/components/district-options.tsx'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { Region } from '#contract/schemas/specialists.ts'
import { useTypedBeforeStart } from '#src/components/use-typed-before-start.ts'
import { formatRating } from '#src/lib/format.ts'
import { activeFilterCount } from '../executors-query.ts'
import { EXECUTOR_SORT_VALUES, type ExecutorSort, type ExecutorsSearch } from '../executors-search.ts'

type Draft = Record<
  'search' | 'category' | 'service' | 'district' | 'rating_min' | 'price_from' | 'price_to' | 'sort',
  string
> & { verified: boolean }

const draftOf = (search: ExecutorsSearch): Draft => ({
  search: search.search ?? '',
  category: search.category?.toString() ?? '',
  service: search.service?.toString() ?? '',
  district: search.district?.toString() ?? '',
  verified: search.verified === 1,
  rating_min: search.rating_min?.toString() ?? '',
  price_from: search.price_from?.toString() ?? '',
  price_to: search.price_to?.toString() ?? '',
  sort: search.sort ?? 'rating',
})

/** The minimum ratings offered; the API takes any tenth. */
const RATING_STEPS = ['4.5', '4', '3.5', '3'] as const

const wholeSom = (value: string) => (/^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : undefined)

function Field(props: {
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

/**
 * The text to search (a name or a service, in any script), the order, and the filters: category and service,
 * district, verified only, minimum rating and a price range in so'm. Applied together, into the address.
 */
export function ExecutorsFilters({
  search,
  categories,
  regions,
  onApply,
}: {
  search: ExecutorsSearch
  categories: Category[]
  regions: Region[]
  onApply: (search: ExecutorsSearch) => void
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(() => draftOf(search))
  const [errors, setErrors] = useState<Partial<Record<'price_from' | 'price_to', string>>>({})
  const form = useRef<HTMLFormElement>(null)
  // Each field is named after its key in the draft.
  useTypedBeforeStart(form, (name, value) =>
    setDraft((previous) => (name in previous ? { ...previous, [name]: value } : previous)),
  )
  const set = (name: Exclude<keyof Draft, 'verified'>) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({
      ...previous,
      [name]: event.target.value,
      // Another category's services do not belong to the new one.
      ...(name === 'category' && { service: '' }),
    }))
  const services = (
    categories.find((category) => String(category.id) === draft.category)?.services ?? []
  ).flatMap((service) => [
    { id: service.id, name: service.name },
    ...(service.children ?? []).map((child) => ({ id: child.id, name: `${service.name}: ${child.name}` })),
  ])
  const count = activeFilterCount(search)
  const sortNames: Record<ExecutorSort, string> = {
    rating: t`By rating`,
    reviews: t`By number of reviews`,
    price: t`By price, lowest first`,
  }

  function apply(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    const priceFrom = wholeSom(draft.price_from)
    const priceTo = wholeSom(draft.price_to)
    if (draft.price_from.trim() && priceFrom === undefined) found.price_from = t`Enter a whole number of so'm`
    if (draft.price_to.trim() && priceTo === undefined) found.price_to = t`Enter a whole number of so'm`
    if (priceFrom !== undefined && priceTo !== undefined && priceTo < priceFrom)
      found.price_to = t`The maximum price is below the minimum`
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onApply({
      search: draft.search.trim() || undefined,
      category: draft.category ? Number(draft.category) : undefined,
      service: draft.service ? Number(draft.service) : undefined,
      district: draft.district ? Number(draft.district) : undefined,
      verified: draft.verified ? 1 : undefined,
      rating_min: draft.rating_min ? Number(draft.rating_min) : undefined,
      price_from: priceFrom,
      price_to: priceTo,
      sort: draft.sort === 'rating' ? undefined : (draft.sort as ExecutorSort),
    })
  }

  function reset() {
    setDraft(draftOf({}))
    setErrors({})
    onApply({})
  }

  return (
    <form
      ref={form}
      className="executors-filters"
      onSubmit={apply}
      noValidate
      aria-label={t`Find a specialist`}
    >
      <div className="executors-filters__main">
        <Field label={t`Name or service`}>
          {(id) => (
            <input
              id={id}
              type="search"
              className="field__input"
              value={draft.search}
              name="search"
              onChange={set('search')}
              maxLength={100}
              enterKeyHint="search"
            />
          )}
        </Field>
        <Field label={t`Sort`}>
          {(id) => (
            <select id={id} className="field__input" value={draft.sort} name="sort" onChange={set('sort')}>
              {EXECUTOR_SORT_VALUES.map((sort) => (
                <option key={sort} value={sort}>
                  {sortNames[sort]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <details className="executors-filters__more" open={count > 0 || undefined}>
        <summary className="executors-filters__toggle">
          {count > 0 ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
        </summary>
        <div className="executors-filters__grid">
          <Field label={t`Category`}>
            {(id) => (
              <select
                id={id}
                className="field__input"
                value={draft.category}
                name="category"
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
          </Field>
          <Field label={t`Service`}>
            {(id) => (
              <select
                id={id}
                className="field__input"
                value={draft.service}
                name="service"
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
          <Field label={t`District`}>
            {(id) => (
              <select
                id={id}
                className="field__input"
                value={draft.district}
                name="district"
                onChange={set('district')}
              >
                <option value="">{t`All of Uzbekistan`}</option>
                <DistrictOptions regions={regions} />
              </select>
            )}
          </Field>
          <Field label={t`Minimum rating`}>
            {(id) => (
              <select
                id={id}
                className="field__input"
                value={draft.rating_min}
                name="rating_min"
                onChange={set('rating_min')}
              >
                <option value="">{t`Any rating`}</option>
                {RATING_STEPS.map((step) => {
                  const value = formatRating(Number(step))
                  return (
                    <option key={step} value={step}>
                      {t`${value} and above`}
                    </option>
                  )
                })}
              </select>
            )}
          </Field>
          <fieldset className="executors-filters__pair">
            <legend>{t`Price, so'm`}</legend>
            <Field label={t`From`} error={errors.price_from}>
              {(id, describedBy) => (
                <input
                  id={id}
                  className="field__input"
                  inputMode="numeric"
                  value={draft.price_from}
                  name="price_from"
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
                  name="price_to"
                  onChange={set('price_to')}
                  aria-invalid={errors.price_to ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
          </fieldset>
          <label className="choice">
            <input
              type="checkbox"
              name="verified"
              checked={draft.verified}
              onChange={(event) => setDraft((previous) => ({ ...previous, verified: event.target.checked }))}
            />
            <Trans>Verified specialists only</Trans>
          </label>
        </div>
      </details>
      <div className="executors-filters__actions">
        <button type="submit" className="button">
          <Trans>Find specialists</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={reset}>
          <Trans>Reset filters</Trans>
        </button>
      </div>
    </form>
  )
}
