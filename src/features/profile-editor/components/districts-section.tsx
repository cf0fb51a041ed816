import { Trans } from '@lingui/react/macro'
import type { Profile } from '#contract/schemas/profile.ts'
import { useProfileSection } from '../use-profile-section.ts'
import { DistrictPicker } from './district-picker.tsx'
import { EditorSection, SaveBar } from './section.tsx'
import { WorkAddresses } from './work-addresses.tsx'

type Places = { districts: number[]; addresses: string[] }

/** The districts where the specialist works (a searchable list grouped by region) and up to 5 addresses. */
export function DistrictsSection({ profile }: { profile: Profile }) {
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
  const toggle = (id: number, on: boolean) =>
    edit.update((current) => ({
      ...current,
      districts: on ? [...current.districts, id] : current.districts.filter((kept) => kept !== id),
    }))
  const setAddresses = (next: string[]) => edit.update((current) => ({ ...current, addresses: next }))

  return (
    <EditorSection id="districts" title={<Trans>Districts and addresses</Trans>}>
      <form className="form" onSubmit={submit}>
        <DistrictPicker districts={districts} onToggle={toggle} />
        <WorkAddresses addresses={addresses} onChange={setAddresses} />
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
    </EditorSection>
  )
}
