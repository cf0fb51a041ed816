import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { Speciality } from '#contract/schemas/specialists.ts'
import { editorApi } from '../api.ts'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useFailureText, useSave } from '../use-save.ts'
import { MoneyInput, priceError, pricesInvalid, soumToTiyin, type Prices } from './money-input.tsx'
import { SaveBar } from './section.tsx'

type Adding = { category: number | null; services: Prices }

/** Adding a category: choose it, tick its services, give their prices. */
export function AddSpeciality({
  userId,
  taken,
  onAdded,
}: {
  userId: number
  taken: Speciality[]
  onAdded: (speciality: Speciality) => void
}) {
  const { t } = useLingui()
  const categoryId = useId()
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key, not words
  const edit = useKeptEdit<Adding>(`${userId}:speciality-new`, { category: null, services: {} })
  const save = useSave()
  const chosenCategory = edit.value.category

  const { categories, loadError, services } = useCategoryServices(chosenCategory)
  const chosen = Object.entries(edit.value.services)
  const invalid = chosen.length === 0 || chosen.some(([, prices]) => pricesInvalid(prices))
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (chosenCategory === null) return
    void save.run(async () => {
      const added = await editorApi.addSpeciality(userId, {
        category: chosenCategory,
        services: chosen.map(([id, prices]) => ({
          service: Number(id),
          price_from: soumToTiyin(prices.from),
          price_to: soumToTiyin(prices.to),
          active: true,
        })),
      })
      await edit.clear()
      edit.update({ category: null, services: {} })
      onAdded(added)
    })
  }
  const takenIds = new Set(taken.map((speciality) => speciality.category.id))

  return (
    <form className="editor-card" onSubmit={submit} noValidate aria-label={t`Add a specialty`}>
      <h3 className="editor-card__title">
        <Trans>Add a specialty</Trans>
      </h3>
      <div className="field">
        <label htmlFor={categoryId} className="field__label">
          <Trans>Category</Trans>
        </label>
        <select
          id={categoryId}
          className="field__input"
          value={chosenCategory ?? ''}
          onChange={(event) =>
            edit.update({ category: event.target.value ? Number(event.target.value) : null, services: {} })
          }
        >
          <option value="">{t`Choose a category`}</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
              {takenIds.has(option.id) ? ` (${t`already yours`})` : ''}
            </option>
          ))}
        </select>
      </div>
      {loadError && <p role="alert">{loadError}</p>}
      {services.length > 0 && (
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>Services and prices</Trans>
          </legend>
          {services.map((option) => {
            const service = option.name
            const prices = edit.value.services[option.id]
            const setLine = (next: { from: string; to: string } | null) =>
              edit.update((current) => {
                const lines = { ...current.services }
                if (next) lines[option.id] = next
                else delete lines[option.id]
                return { ...current, services: lines }
              })
            return <ServiceLine key={option.id} service={service} prices={prices} onChange={setLine} />
          })}
        </fieldset>
      )}
      <SaveBar
        state={save.state}
        statusRef={save.statusRef}
        dirty={edit.dirty}
        restored={edit.restored}
        disabled={invalid}
        label={<Trans>Add the specialty</Trans>}
      />
    </form>
  )
}

/** The categories to choose from, and the chosen one's services (a service with sub-services as each of them). */
function useCategoryServices(chosenCategory: number | null) {
  const failureText = useFailureText()
  const [categories, setCategories] = useState<Category[]>([])
  const [loaded, setLoaded] = useState<Category | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    editorApi
      .categories()
      .then((answer) => setCategories(answer.collection))
      .catch((error: unknown) => setLoadError(failureText(error)))
  }, [failureText])
  // The category's services, once they have come for the category chosen now.
  const category = loaded?.id === chosenCategory ? loaded : null
  useEffect(() => {
    if (chosenCategory === null) return
    editorApi
      .category(chosenCategory)
      .then(setLoaded)
      .catch((error: unknown) => setLoadError(failureText(error)))
  }, [chosenCategory, failureText])

  // A service with sub-services is offered through them; one without, as itself.
  const services = (category?.services ?? []).flatMap((service) =>
    service.children && service.children.length > 0
      ? service.children.map((child) => ({ id: child.id, name: `${service.name}: ${child.name}` }))
      : [{ id: service.id, name: service.name }],
  )
  return { categories, loadError, services }
}

type ServiceLineProps = {
  service: string
  /** Absent: the service is not ticked. */
  prices: { from: string; to: string } | undefined
  onChange: (next: { from: string; to: string } | null) => void
}

/** One service of the category: ticked or not, and its prices from and to once ticked. */
function ServiceLine({ service, prices, onChange: setLine }: ServiceLineProps) {
  const { t } = useLingui()
  return (
    <div className="editor-line">
      <label className="choice">
        <input
          type="checkbox"
          checked={prices !== undefined}
          onChange={(event) => setLine(event.target.checked ? { from: '', to: '' } : null)}
        />
        {service}
      </label>
      {prices && (
        <div className="wizard__row">
          <MoneyInput
            label={t`${service}: price from, so'm`}
            value={prices.from}
            onChange={(from) => setLine({ ...prices, from })}
          />
          <MoneyInput
            label={t`${service}: price to, so'm`}
            value={prices.to}
            error={priceError(prices) ? t`The upper price must not be below the lower one` : undefined}
            onChange={(to) => setLine({ ...prices, to })}
          />
        </div>
      )}
    </div>
  )
}
