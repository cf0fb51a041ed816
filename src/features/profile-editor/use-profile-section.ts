import type { Profile } from '#contract/schemas/profile.ts'
import type { UpdateProfileBody } from '#contract/schemas/specialists.ts'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from './api.ts'
import { useKeptEdit } from './use-kept-edit.ts'
import { useSave } from './use-save.ts'

/**
 * A section made of profile fields: its form value (kept on the device until saved) and its save, which sends
 * `PUT /profile/{id}` with this section's fields only and takes the answer as the new profile.
 */
export function useProfileSection<T>(
  section: string,
  profile: Profile,
  fromProfile: (profile: Profile) => T,
  toBody: (value: T) => UpdateProfileBody,
) {
  const edit = useKeptEdit(`${profile.id}:${section}`, fromProfile(profile))
  const save = useSave()
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const updated = await editorApi.update(profile.id, toBody(edit.value))
      await edit.clear()
      useSession.getState().setProfile(updated)
    })
  }
  const fieldError = (field: string) =>
    save.state.status === 'failed' ? save.state.fields[field]?.join(' ') : undefined
  return { edit, save, submit, fieldError }
}
