import { Trans, useLingui } from '@lingui/react/macro'
import type { Profile } from '#contract/schemas/profile.ts'
import { NAME_MAX } from '#contract/schemas/auth.ts'
import { TextField } from '#src/components/text-field.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { useProfileSection } from '../use-profile-section.ts'
import {
  AddressField,
  BirthdayField,
  FlagsField,
  GenderField,
  LanguagesField,
  type Flag,
} from './personal-fields.tsx'
import { EditorSection, SaveBar } from './section.tsx'

type Personal = {
  name: string
  surname: string
  patronymic: string
  email: string
  birthday: string
  gender: Profile['gender']
  address: string
  languages: string[]
} & Record<Flag, boolean>

const fromProfile = (profile: Profile): Personal => ({
  name: profile.name,
  surname: profile.surname,
  patronymic: profile.patronymic ?? '',
  email: profile.email ?? '',
  birthday: profile.birthday ?? '',
  gender: profile.gender,
  address: profile.address ?? '',
  languages: profile.languages,
  accepts_orders: profile.accepts_orders,
  looking_for_internship: profile.looking_for_internship,
  works_remotely: profile.works_remotely,
  accepts_at_own_place: profile.accepts_at_own_place,
})
const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** Name, contacts, birthday, gender, the private home address, languages and the four flags. */
export function PersonalSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const count = (text: string, max: number) => ({
    length: text.length,
    words: limitWords(i18n, text.length, max),
  })
  const { edit, save, submit, fieldError } = useProfileSection('personal', profile, fromProfile, (value) => ({
    ...value,
    patronymic: orNull(value.patronymic),
    email: orNull(value.email),
    birthday: value.birthday || null,
    address: orNull(value.address),
  }))
  const value = edit.value
  const set = <K extends keyof Personal>(field: K, next: Personal[K]) =>
    edit.update((current) => ({ ...current, [field]: next }))

  return (
    <EditorSection id="personal" title={<Trans>Personal data</Trans>}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t`First name`}
          value={value.name}
          maxLength={NAME_MAX}
          count={count(value.name ?? '', NAME_MAX)}
          autoComplete="given-name"
          required
          error={fieldError('name')}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label={t`Surname`}
          value={value.surname}
          maxLength={NAME_MAX}
          count={count(value.surname ?? '', NAME_MAX)}
          autoComplete="family-name"
          required
          error={fieldError('surname')}
          onChange={(event) => set('surname', event.target.value)}
        />
        <TextField
          label={t`Patronymic`}
          value={value.patronymic}
          maxLength={NAME_MAX}
          count={count(value.patronymic ?? '', NAME_MAX)}
          autoComplete="additional-name"
          error={fieldError('patronymic')}
          onChange={(event) => set('patronymic', event.target.value)}
        />
        <TextField
          label={t`E-mail`}
          type="email"
          value={value.email}
          maxLength={254}
          autoComplete="email"
          error={fieldError('email')}
          onChange={(event) => set('email', event.target.value)}
        />
        <BirthdayField
          value={value.birthday}
          error={fieldError('birthday')}
          onChange={(day) => set('birthday', day)}
        />
        <GenderField value={value.gender} onChange={(gender) => set('gender', gender)} />
        <AddressField
          value={value.address}
          error={fieldError('address')}
          onChange={(address) => set('address', address)}
        />
        <LanguagesField value={value.languages} onChange={(languages) => set('languages', languages)} />
        <FlagsField value={value} onChange={(flag, on) => set(flag, on)} />
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
    </EditorSection>
  )
}
