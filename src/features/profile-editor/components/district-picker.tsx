/** The districts a specialist works in: the chosen ones as chips, and every region's, searchable, to tick. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useState } from 'react'
import { DISTRICTS_MAX, type Region } from '#contract/schemas/specialists.ts'
import { foldForSearch } from '#contract/search-text.ts'
import { editorApi } from '../api.ts'
import { useFailureText } from '../use-save.ts'

type DistrictPickerProps = { districts: number[]; onToggle: (id: number, on: boolean) => void }

export function DistrictPicker({ districts, onToggle: toggle }: DistrictPickerProps) {
  const { t } = useLingui()
  const searchId = useId()
  const failureText = useFailureText()
  const [regions, setRegions] = useState<Region[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  useEffect(() => {
    editorApi
      .districts()
      .then((answer) => setRegions(answer.collection))
      .catch((error: unknown) => setLoadError(failureText(error)))
  }, [failureText])

  const chosen = new Set(districts)
  const names = useMemo(
    () => new Map((regions ?? []).flatMap((region) => region.districts.map((d) => [d.id, d.name] as const))),
    [regions],
  )
  const folded = foldForSearch(search)
  const shown = (regions ?? [])
    .map((region) => ({
      ...region,
      districts: folded
        ? region.districts.filter(
            (district) =>
              foldForSearch(district.name).includes(folded) || foldForSearch(region.name).includes(folded),
          )
        : region.districts,
    }))
    .filter((region) => region.districts.length > 0)

  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Where I work</Trans>
      </legend>
      {districts.length > 0 && (
        <ul className="chips" aria-label={t`Chosen districts`}>
          {districts.map((id) => {
            const name = names.get(id) ?? String(id)
            return (
              <li key={id} className="chip">
                {name}{' '}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Remove ${name}`}
                  onClick={() => toggle(id, false)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <label htmlFor={searchId} className="field__label">
        <Trans>Find a district or city</Trans>
      </label>
      <input
        id={searchId}
        type="search"
        className="field__input"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {!regions && !loadError && (
        <p role="status">
          <Trans>Loading the districts…</Trans>
        </p>
      )}
      {loadError && <p role="alert">{loadError}</p>}
      {regions && shown.length === 0 && (
        <p role="status">
          <Trans>Nothing found</Trans>
        </p>
      )}
      {shown.map((region) => {
        const count = region.districts.filter((district) => chosen.has(district.id)).length
        return (
          <details key={region.id} className="editor-region" open={folded ? true : undefined}>
            <summary>
              {region.name}
              {count > 0 && <span className="tag"> {count}</span>}
            </summary>
            <fieldset className="editor-region__districts">
              <legend className="visually-hidden">{region.name}</legend>
              {region.districts.map((district) => (
                <label key={district.id} className="choice">
                  <input
                    type="checkbox"
                    checked={chosen.has(district.id)}
                    disabled={!chosen.has(district.id) && districts.length >= DISTRICTS_MAX}
                    onChange={(event) => toggle(district.id, event.target.checked)}
                  />
                  {district.name}
                </label>
              ))}
            </fieldset>
          </details>
        )
      })}
    </fieldset>
  )
}
