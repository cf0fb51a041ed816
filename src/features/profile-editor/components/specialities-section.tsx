import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import type { Speciality } from '#contract/schemas/specialists.ts'
import { FREE_SPECIALITIES_MAX } from '#contract/schemas/plan-features.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { editorApi } from '../api.ts'
import { usePlan } from '../use-plan.tsx'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useFailureText, useSave } from '../use-save.ts'
import { AddSpeciality } from './add-speciality.tsx'
import { AllSpecialitiesSwitch } from './all-specialities-switch.tsx'
import { Confirm, Switch } from './confirm.tsx'
import {
  MoneyInput,
  priceError,
  pricesInvalid,
  soumToTiyin,
  tiyinToSoum,
  type Prices,
} from './money-input.tsx'
import { LoadStatus } from './load-status.tsx'
import { EditorSection, SaveBar } from './section.tsx'

type Toggle = { speciality: Speciality; lineId: number | null; name: string; active: boolean }

/** The categories the specialist works in, each with its services, prices from/to in so'm and on/off switches. */
export function SpecialitiesSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const failureText = useFailureText()
  const [list, setList] = useState<Speciality[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [toggle, setToggle] = useState<Toggle | null>(null)
  const [removing, setRemoving] = useState<Speciality | null>(null)
  const unlimited = !usePlan().locked('unlimited_specialties')
  const atLimit = !unlimited && (list?.length ?? 0) >= FREE_SPECIALITIES_MAX

  useEffect(() => {
    editorApi
      .specialities(profile.id)
      .then(setList)
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [profile.id, failureText])

  const replace = (next: Speciality) =>
    setList((current) => {
      const rest = (current ?? []).filter((kept) => kept.id !== next.id)
      return (current ?? []).some((kept) => kept.id === next.id)
        ? (current ?? []).map((kept) => (kept.id === next.id ? next : kept))
        : [...rest, next]
    })

  const act = async (action: () => Promise<void>) => {
    setError(null)
    try {
      await action()
    } catch (failure) {
      setError(failureText(failure))
    }
  }
  const confirmToggle = () => {
    if (!toggle) return
    const { speciality, lineId, active } = toggle
    setToggle(null)
    void act(async () =>
      replace(
        lineId === null
          ? await editorApi.categoryStatus(profile.id, speciality.id, active)
          : await editorApi.lineStatus(lineId, active),
      ),
    )
  }
  const confirmRemove = () => {
    if (!removing) return
    const { id } = removing
    setRemoving(null)
    void act(async () => {
      await editorApi.deleteSpeciality(id)
      setList((current) => (current ?? []).filter((kept) => kept.id !== id))
    })
  }

  return (
    <EditorSection
      id="specialities"
      title={<Trans>Specialties and prices</Trans>}
      lead={<Trans>Customers find you by the services that are switched on.</Trans>}
    >
      <LoadStatus
        loading={!list}
        error={error}
        empty={list?.length === 0 && <Trans>You have no specialties yet: add one below.</Trans>}
      />
      {list && (
        <AllSpecialitiesSwitch
          specialities={list}
          onSwitch={(active) => void act(async () => setList(await editorApi.userStatus(profile.id, active)))}
        />
      )}
      {list?.map((speciality) => (
        <SpecialityCard
          key={speciality.id}
          userId={profile.id}
          speciality={speciality}
          onSaved={replace}
          onToggle={setToggle}
          onRemove={() => setRemoving(speciality)}
        />
      ))}
      {atLimit ? (
        <PlanLock feature="unlimited_specialties">
          <Trans>
            Without a plan you can have up to {FREE_SPECIALITIES_MAX} specialties. More specialties:
          </Trans>
        </PlanLock>
      ) : (
        <AddSpeciality userId={profile.id} taken={list ?? []} onAdded={replace} />
      )}
      <ToggleConfirm toggle={toggle} onConfirm={confirmToggle} onCancel={() => setToggle(null)} />
      <Confirm
        open={removing !== null}
        title={t`Remove “${removing?.category.name ?? ''}”?`}
        confirmLabel={t`Remove`}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <Trans>Its services and prices are removed from your profile.</Trans>
        </p>
      </Confirm>
    </EditorSection>
  )
}

type CardProps = {
  userId: number
  speciality: Speciality
  onSaved: (speciality: Speciality) => void
  onToggle: (toggle: Toggle) => void
  onRemove: () => void
}

function SpecialityCard({ userId, speciality, onSaved, onToggle, onRemove }: CardProps) {
  const { t } = useLingui()
  const headingId = useId()
  const saved: Prices = Object.fromEntries(
    speciality.services.map((line) => [
      line.id,
      { from: tiyinToSoum(line.price_from), to: tiyinToSoum(line.price_to) },
    ]),
  )
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a storage key, not words
  const edit = useKeptEdit(`${userId}:speciality-${speciality.id}`, saved)
  const save = useSave()
  const invalid = Object.values(edit.value).some(pricesInvalid)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const updated = await editorApi.updateSpeciality(
        speciality.id,
        speciality.services.map((line) => ({
          service: line.service.id,
          price_from: soumToTiyin(edit.value[line.id]?.from ?? ''),
          price_to: soumToTiyin(edit.value[line.id]?.to ?? ''),
          active: line.active,
        })),
      )
      await edit.clear()
      onSaved(updated)
    })
  }
  const name = speciality.category.name
  return (
    <article className="editor-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="editor-card__title">
        {name}
      </h3>
      <Switch
        label={t`${name}: customers find me by it`}
        checked={speciality.active}
        onChange={(active) => onToggle({ speciality, lineId: null, name, active })}
      />
      <form onSubmit={submit} noValidate>
        <ul className="editor-lines">
          {speciality.services.map((line) => {
            const prices = edit.value[line.id] ?? { from: '', to: '' }
            const service = line.service.name
            const setPrice = (field: 'from' | 'to', value: string) =>
              edit.update((current) => ({ ...current, [line.id]: { ...prices, [field]: value } }))
            return (
              <li key={line.id} className="editor-line">
                <Switch
                  label={service}
                  checked={line.active}
                  disabled={!speciality.active}
                  onChange={(active) => onToggle({ speciality, lineId: line.id, name: service, active })}
                />
                <div className="wizard__row">
                  <MoneyInput
                    label={t`${service}: price from, so'm`}
                    value={prices.from}
                    onChange={(value) => setPrice('from', value)}
                  />
                  <MoneyInput
                    label={t`${service}: price to, so'm`}
                    value={prices.to}
                    error={
                      priceError(prices) ? t`The upper price must not be below the lower one` : undefined
                    }
                    onChange={(value) => setPrice('to', value)}
                  />
                </div>
              </li>
            )
          })}
        </ul>
        <SaveBar
          state={save.state}
          statusRef={save.statusRef}
          dirty={edit.dirty}
          restored={edit.restored}
          disabled={invalid}
          label={<Trans>Save prices</Trans>}
        />
      </form>
      <button type="button" className="link-button" onClick={onRemove}>
        <Trans>Remove specialty {name}</Trans>
      </button>
    </article>
  )
}

type ToggleConfirmProps = { toggle: Toggle | null; onConfirm: () => void; onCancel: () => void }

/** Asks before a specialty or a service is switched on or off, saying what customers will see. */
function ToggleConfirm({ toggle, onConfirm: confirmToggle, onCancel }: ToggleConfirmProps) {
  const { t } = useLingui()
  return (
    <Confirm
      open={toggle !== null}
      title={toggle?.active ? t`Switch on “${toggle.name}”?` : t`Switch off “${toggle?.name ?? ''}”?`}
      confirmLabel={toggle?.active ? t`Switch on` : t`Switch off`}
      onConfirm={confirmToggle}
      onCancel={onCancel}
    >
      <p>
        {toggle?.active ? (
          <Trans>Customers will find you by it again.</Trans>
        ) : (
          <Trans>Customers will not find you by it until you switch it on again.</Trans>
        )}
      </p>
    </Confirm>
  )
}
