import { Trans, useLingui } from '@lingui/react/macro'
import type { Category } from '#contract/schemas/catalogue.ts'
import {
  CategoryServiceFields,
  FilterActions,
  FilterField,
  FiltersToggle,
  PriceRangeFields,
  useFilterDraft,
} from '#src/components/filter-bar.tsx'
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
  const { draft, errors, set, submit, reset } = useFilterDraft(() => draftOf(search), draftOf({}))
  const services = categories.find((category) => String(category.id) === draft.category)?.services ?? []
  const count = activeFilterCount(search)
  const apply = submit(
    (found) => {
      if (draft.date_from && draft.date_to && draft.date_to < draft.date_from)
        found.date_to = t`The last day is before the first one`
    },
    ({ priceFrom, priceTo }) =>
      onApply({
        category: draft.category ? Number(draft.category) : undefined,
        service: draft.service ? Number(draft.service) : undefined,
        price_from: priceFrom,
        price_to: priceTo,
        date_from: draft.date_from || undefined,
        date_to: draft.date_to || undefined,
        place: (draft.place || undefined) as OrderPlace | undefined,
      }),
  )

  return (
    <details className="orders-filters" open={count > 0 || undefined}>
      <FiltersToggle className="orders-filters__toggle" count={count} />
      <form className="orders-filters__form" onSubmit={apply} noValidate aria-label={t`Order filters`}>
        <CategoryServiceFields categories={categories} services={services} draft={draft} set={set} />
        <PriceRangeFields className="orders-filters__pair" draft={draft} errors={errors} set={set} />
        <DateAndPlaceFields draft={draft} errors={errors} set={set} />
        <FilterActions
          className="orders-filters__actions"
          apply={<Trans>Show orders</Trans>}
          onReset={() => reset(() => onApply(NO_FILTERS))}
        />
      </form>
    </details>
  )
}

/** The range of start dates and the work place. */
function DateAndPlaceFields({
  draft,
  errors,
  set,
}: {
  draft: Draft
  errors: Partial<Record<keyof Draft, string>>
  set: (name: 'date_from' | 'date_to' | 'place') => (event: { target: { value: string } }) => void
}) {
  const { t } = useLingui()
  const { places } = useOrderWords()
  return (
    <>
      <fieldset className="orders-filters__pair">
        <legend>{t`Start date`}</legend>
        <FilterField label={t`From`}>
          {(id) => (
            <input
              id={id}
              className="field__input"
              type="date"
              value={draft.date_from}
              onChange={set('date_from')}
            />
          )}
        </FilterField>
        <FilterField label={t`To`} error={errors.date_to}>
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
        </FilterField>
      </fieldset>
      <FilterField label={t`Place`}>
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
      </FilterField>
    </>
  )
}
