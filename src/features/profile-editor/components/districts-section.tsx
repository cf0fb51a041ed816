import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useMemo, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { ADDRESSES_MAX, DISTRICTS_MAX, type Region } from '#contract/schemas/specialists.ts'
import { foldForSearch } from '#contract/search-text.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { editorApi } from '../api.ts'
import { useFailureText } from '../use-save.ts'
import { useProfileSection } from '../use-profile-section.ts'
import { EditorSection, SaveBar } from './section.tsx'

type Places = { districts: number[]; addresses: string[] }
/** Each work address's limit in contract/schemas/specialists.ts (`work_addresses: text(300)`). */
const WORK_ADDRESS_MAX = 300

/** The districts where the specialist works (a searchable list grouped by region) and up to 5 addresses. */
export function DistrictsSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
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

  const { edit, save, submit } = useProfileSection<Places>(
    'districts',
    profile,
    (kept) => ({ districts: kept.district_ids, addresses: kept.work_addresses }),
    (value) => ({
      district_ids: value.districts,
      work_addresses: value.addresses.map((address) => address.trim()).filter(Boolean),
    }),
  )
  const { districts, addresses } = edit.value
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
  const toggle = (id: number, on: boolean) =>
    edit.update((current) => ({
      ...current,
      districts: on ? [...current.districts, id] : current.districts.filter((kept) => kept !== id),
    }))
  const setAddresses = (next: string[]) => edit.update((current) => ({ ...current, addresses: next }))

  return (
    <EditorSection id="districts" title={<Trans>Districts and addresses</Trans>}>
      <form className="form" onSubmit={submit}>
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
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>Addresses where I receive clients</Trans>
          </legend>
          <p className="form__hint">
            <Trans>Optional, at most {ADDRESSES_MAX}. They are shown on your public profile.</Trans>
          </p>
          {addresses.map((address, index) => (
            <div key={index} className="wizard__row">
              <div className="field">
                <label htmlFor={`${searchId}-address-${index}`} className="field__label">
                  <Trans>Address {index + 1}</Trans>
                </label>
                <input
                  id={`${searchId}-address-${index}`}
                  className="field__input"
                  maxLength={WORK_ADDRESS_MAX}
                  value={address}
                  aria-describedby={`${searchId}-address-${index}-count`}
                  onChange={(event) =>
                    setAddresses(addresses.map((kept, at) => (at === index ? event.target.value : kept)))
                  }
                />
                <CharCount
                  id={`${searchId}-address-${index}-count`}
                  length={address.length}
                  max={WORK_ADDRESS_MAX}
                  words={limitWords(i18n, address.length, WORK_ADDRESS_MAX)}
                />
              </div>
              <button
                type="button"
                className="link-button"
                onClick={() => setAddresses(addresses.filter((_, at) => at !== index))}
              >
                <Trans>Remove address {index + 1}</Trans>
              </button>
            </div>
          ))}
          {addresses.length < ADDRESSES_MAX && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setAddresses([...addresses, ''])}
            >
              <Trans>Add an address</Trans>
            </button>
          )}
        </fieldset>
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
    </EditorSection>
  )
}
