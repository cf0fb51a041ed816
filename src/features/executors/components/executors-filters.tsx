import { Trans, useLingui } from '@lingui/react/macro'
import { DistrictOptions } from '#src/components/district-options.tsx'
import {
  CategoryServiceFields,
  FilterActions,
  FilterField,
  FiltersToggle,
  PriceRangeFields,
  useFilterDraft,
} from '#src/components/filter-bar.tsx'
import { useRef } from 'react'
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
  const { draft, setDraft, errors, set, submit, reset } = useFilterDraft(() => draftOf(search), draftOf({}))
  const form = useRef<HTMLFormElement>(null)
  // Each field is named after its key in the draft.
  useTypedBeforeStart(form, (name, value) =>
    setDraft((previous) => (name in previous ? { ...previous, [name]: value } : previous)),
  )
  const services = (
    categories.find((category) => String(category.id) === draft.category)?.services ?? []
  ).flatMap((service) => [
    { id: service.id, name: service.name },
    ...(service.children ?? []).map((child) => ({ id: child.id, name: `${service.name}: ${child.name}` })),
  ])
  const count = activeFilterCount(search)
  const apply = submit(
    () => undefined,
    ({ priceFrom, priceTo }) =>
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
      }),
  )

  return (
    <form
      ref={form}
      className="executors-filters"
      onSubmit={apply}
      noValidate
      aria-label={t`Find a specialist`}
    >
      <SearchAndSort draft={draft} set={set} />
      <details className="executors-filters__more" open={count > 0 || undefined}>
        <FiltersToggle className="executors-filters__toggle" count={count} />
        <div className="executors-filters__grid">
          <CategoryServiceFields categories={categories} services={services} draft={draft} set={set} named />
          <PlaceAndRatingFields regions={regions} draft={draft} set={set} />
          <PriceRangeFields
            className="executors-filters__pair"
            draft={draft}
            errors={errors}
            set={set}
            named
          />
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
      <FilterActions
        className="executors-filters__actions"
        apply={<Trans>Find specialists</Trans>}
        onReset={() => reset(() => onApply({}))}
      />
    </form>
  )
}

/** The text to search and the order of the results. */
function SearchAndSort({
  draft,
  set,
}: {
  draft: Draft
  set: (name: 'search' | 'sort') => (event: { target: { value: string } }) => void
}) {
  const { t } = useLingui()
  const sortNames: Record<ExecutorSort, string> = {
    rating: t`By rating`,
    reviews: t`By number of reviews`,
    price: t`By price, lowest first`,
  }
  return (
    <div className="executors-filters__main">
      <FilterField label={t`Name or service`}>
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
      </FilterField>
      <FilterField label={t`Sort`}>
        {(id) => (
          <select id={id} className="field__input" value={draft.sort} name="sort" onChange={set('sort')}>
            {EXECUTOR_SORT_VALUES.map((sort) => (
              <option key={sort} value={sort}>
                {sortNames[sort]}
              </option>
            ))}
          </select>
        )}
      </FilterField>
    </div>
  )
}

/** The district and the minimum rating. */
function PlaceAndRatingFields({
  regions,
  draft,
  set,
}: {
  regions: Region[]
  draft: Draft
  set: (name: 'district' | 'rating_min') => (event: { target: { value: string } }) => void
}) {
  const { t } = useLingui()
  return (
    <>
      <FilterField label={t`District`}>
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
      </FilterField>
      <FilterField label={t`Minimum rating`}>
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
      </FilterField>
    </>
  )
}
