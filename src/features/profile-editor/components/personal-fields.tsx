/** The personal data section's fields beyond the names: birthday, gender, home address, languages, how I work. */
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
import { LANGUAGES_MAX } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { LANGUAGE_NAMES } from '#src/features/specialist-words/languages.ts'
import { formatDate } from '#src/lib/format.ts'
import { currentLocale, type Locale } from '#src/lib/locale.ts'
import { localDay } from '../api.ts'
import { Switch } from './confirm.tsx'

/** The residence address's limit in contract/schemas/specialists.ts (its `optionalText(300)`). */
const ADDRESS_TEXT_MAX = 300

const CALENDAR_LOCALES: Record<Locale, DayPickerLocale> = { ru, oz: uz, uz: uzCyrl, en: enUS }

export const FLAGS = {
  accepts_orders: msg`I accept orders`,
  looking_for_internship: msg`I am looking for an internship`,
  works_remotely: msg`I work remotely`,
  accepts_at_own_place: msg`I receive clients at my place`,
} as const
export type Flag = keyof typeof FLAGS

const dayOf = (value: string) => {
  const [year, month, day] = value.split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : undefined
}

type FieldProps<T> = { value: T; error?: string | undefined; onChange: (next: T) => void }

/** The birthday on a calendar ('' when not chosen), up to today. */
export function BirthdayField({ value, error, onChange }: FieldProps<string>) {
  const birthdayId = useId()
  const today = new Date()
  const birthday = dayOf(value)
  return (
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
        onSelect={(day) => onChange(day ? localDay(day) : '')}
        disabled={{ after: today }}
        startMonth={new Date(today.getFullYear() - 100, 0)}
        endMonth={today}
        defaultMonth={birthday ?? new Date(today.getFullYear() - 25, 0)}
        locale={CALENDAR_LOCALES[currentLocale()]}
        aria-labelledby={birthdayId}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

export function GenderField({ value, onChange }: FieldProps<Profile['gender']>) {
  const { t } = useLingui()
  const genders: Record<(typeof GENDERS)[number], string> = {
    male: t`Male`,
    female: t`Female`,
    not_specified: t`Not specified`,
  }
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Gender</Trans>
      </legend>
      <div className="wizard__row">
        {GENDERS.map((gender) => (
          <label key={gender} className="choice">
            <input type="radio" name="gender" checked={value === gender} onChange={() => onChange(gender)} />
            {genders[gender]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The home address, with its count and the note that only its owner sees it. */
export function AddressField({ value, error, onChange }: FieldProps<string>) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={`${id}-address`} className="field__label">
        <Trans>Home address</Trans>
      </label>
      <input
        id={`${id}-address`}
        className="field__input"
        value={value}
        maxLength={ADDRESS_TEXT_MAX}
        autoComplete="street-address"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-private ${id}-address-count${error ? ` ${id}-address-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <CharCount
        id={`${id}-address-count`}
        length={value.length}
        words={limitWords(i18n, value.length, ADDRESS_TEXT_MAX)}
        max={ADDRESS_TEXT_MAX}
      />
      <p id={`${id}-private`} className="form__hint">
        <Trans>Private: only you see it, it is never shown on your public profile.</Trans>
      </p>
      {error && (
        <p id={`${id}-address-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** Up to LANGUAGES_MAX languages, as codes (src/features/specialist-words/languages.ts names them). */
export function LanguagesField({ value, onChange }: FieldProps<string[]>) {
  const { i18n } = useLingui()
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>Languages I speak</Trans>
      </legend>
      <div className="wizard__row">
        {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
          <label key={code} className="choice">
            <input
              type="checkbox"
              checked={value.includes(code)}
              disabled={!value.includes(code) && value.length >= LANGUAGES_MAX}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, code] : value.filter((kept) => kept !== code))
              }
            />
            {i18n._(name)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function FlagsField({
  value,
  onChange,
}: {
  value: Record<Flag, boolean>
  onChange: (flag: Flag, on: boolean) => void
}) {
  const { i18n } = useLingui()
  return (
    <fieldset className="wizard__group">
      <legend className="wizard__legend">
        <Trans>How I work</Trans>
      </legend>
      {(Object.keys(FLAGS) as Flag[]).map((flag) => (
        <Switch
          key={flag}
          label={i18n._(FLAGS[flag])}
          checked={value[flag]}
          onChange={(checked) => onChange(flag, checked)}
        />
      ))}
    </fieldset>
  )
}
