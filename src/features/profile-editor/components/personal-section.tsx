import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { DayPicker, type DayPickerLocale } from 'react-day-picker'
import { enUS } from 'react-day-picker/locale/en-US'
import { ru } from 'react-day-picker/locale/ru'
import { uz } from 'react-day-picker/locale/uz'
import { uzCyrl } from 'react-day-picker/locale/uz-Cyrl'
import 'react-day-picker/style.css'
import { GENDERS, type Profile } from '#contract/schemas/profile.ts'
import { NAME_MAX } from '#contract/schemas/auth.ts'
import { LANGUAGES_MAX } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { TextField } from '#src/components/text-field.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { formatDate } from '#src/lib/format.ts'
import { currentLocale, type Locale } from '#src/lib/locale.ts'
import { localDay } from '../api.ts'
import { useProfileSection } from '../use-profile-section.ts'
import { Switch } from './confirm.tsx'
import { EditorSection, SaveBar } from './section.tsx'

/** The residence address's limit in contract/schemas/specialists.ts (its `optionalText(300)`). */
const ADDRESS_TEXT_MAX = 300

const CALENDAR_LOCALES: Record<Locale, DayPickerLocale> = { ru, oz: uz, uz: uzCyrl, en: enUS }

/** Languages a specialist may say they speak, kept as ISO 639 codes so every language of the app can name them. */
export const LANGUAGE_NAMES = {
  uz: msg`Uzbek`,
  ru: msg`Russian`,
  en: msg`English`,
  kaa: msg`Karakalpak`,
  tg: msg`Tajik`,
  kk: msg`Kazakh`,
  tr: msg`Turkish`,
  ko: msg`Korean`,
  de: msg`German`,
  zh: msg`Chinese`,
} as const

const FLAGS = {
  accepts_orders: msg`I accept orders`,
  looking_for_internship: msg`I am looking for an internship`,
  works_remotely: msg`I work remotely`,
  accepts_at_own_place: msg`I receive clients at my place`,
} as const
type Flag = keyof typeof FLAGS

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

const dayOf = (value: string) => {
  const [year, month, day] = value.split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : undefined
}

/** Name, contacts, birthday, gender, the private home address, languages and the four flags. */
export function PersonalSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const birthdayId = useId()
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
  const today = new Date()
  const birthday = dayOf(value.birthday)
  const genders: Record<(typeof GENDERS)[number], string> = {
    male: t`Male`,
    female: t`Female`,
    not_specified: t`Not specified`,
  }

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
        <fieldset className="wizard__group">
          <legend className="wizard__legend" id={birthdayId}>
            <Trans>Birthday</Trans>
          </legend>
          <p className="form__hint" role="status">
            {birthday ? formatDate(birthday) : <Trans>Not chosen</Trans>}
          </p>
          <DayPicker
            mode="single"
            captionLayout="dropdown"
            selected={birthday}
            onSelect={(day) => set('birthday', day ? localDay(day) : '')}
            disabled={{ after: today }}
            startMonth={new Date(today.getFullYear() - 100, 0)}
            endMonth={today}
            defaultMonth={birthday ?? new Date(today.getFullYear() - 25, 0)}
            locale={CALENDAR_LOCALES[currentLocale()]}
            aria-labelledby={birthdayId}
          />
          {fieldError('birthday') && (
            <p className="field__error" role="alert">
              {fieldError('birthday')}
            </p>
          )}
        </fieldset>
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>Gender</Trans>
          </legend>
          <div className="wizard__row">
            {GENDERS.map((gender) => (
              <label key={gender} className="choice">
                <input
                  type="radio"
                  name="gender"
                  checked={value.gender === gender}
                  onChange={() => set('gender', gender)}
                />
                {genders[gender]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${birthdayId}-address`} className="field__label">
            <Trans>Home address</Trans>
          </label>
          <input
            id={`${birthdayId}-address`}
            className="field__input"
            value={value.address}
            maxLength={ADDRESS_TEXT_MAX}
            autoComplete="street-address"
            aria-invalid={fieldError('address') ? true : undefined}
            aria-describedby={`${birthdayId}-private ${birthdayId}-address-count${fieldError('address') ? ` ${birthdayId}-address-error` : ''}`}
            onChange={(event) => set('address', event.target.value)}
          />
          <CharCount
            id={`${birthdayId}-address-count`}
            {...count(value.address, ADDRESS_TEXT_MAX)}
            max={ADDRESS_TEXT_MAX}
          />
          <p id={`${birthdayId}-private`} className="form__hint">
            <Trans>Private: only you see it, it is never shown on your public profile.</Trans>
          </p>
          {fieldError('address') && (
            <p id={`${birthdayId}-address-error`} className="field__error" role="alert">
              {fieldError('address')}
            </p>
          )}
        </div>
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>Languages I speak</Trans>
          </legend>
          <div className="wizard__row">
            {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
              <label key={code} className="choice">
                <input
                  type="checkbox"
                  checked={value.languages.includes(code)}
                  disabled={!value.languages.includes(code) && value.languages.length >= LANGUAGES_MAX}
                  onChange={(event) =>
                    set(
                      'languages',
                      event.target.checked
                        ? [...value.languages, code]
                        : value.languages.filter((kept) => kept !== code),
                    )
                  }
                />
                {i18n._(name)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="wizard__group">
          <legend className="wizard__legend">
            <Trans>How I work</Trans>
          </legend>
          {(Object.keys(FLAGS) as Flag[]).map((flag) => (
            <Switch
              key={flag}
              label={i18n._(FLAGS[flag])}
              checked={value[flag]}
              onChange={(checked) => set(flag, checked)}
            />
          ))}
        </fieldset>
        <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
      </form>
    </EditorSection>
  )
}
