import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import {
  CONTENT_BODY_MAX,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_LOCALES,
  CONTENT_TITLE_MAX,
  type ContentLocale,
  type LocalizedText,
} from '#contract/schemas/admin-content.ts'
import { Markdown } from '#src/components/markdown.tsx'
import { LOCALE_NAMES } from '#src/lib/locale.ts'

export type ContentTexts = { title: LocalizedText; description: LocalizedText; body: LocalizedText }
type Field = keyof ContentTexts

export const EMPTY_TEXT: LocalizedText = { ru: '', en: '', oz: '', uz: '' }
export const EMPTY_TEXTS: ContentTexts = { title: EMPTY_TEXT, description: EMPTY_TEXT, body: EMPTY_TEXT }

/** The languages' tags for screen readers: Uzbek in Latin and in Cyrillic letters. */
export const LANGUAGE_TAGS: Record<ContentLocale, string> = {
  ru: 'ru',
  en: 'en',
  oz: 'uz-Latn',
  uz: 'uz-Cyrl',
}

/** As a public page reads a text: the language's own, else the Russian one (server/i18n/localized.ts). */
const shownIn = (text: LocalizedText, language: ContentLocale) => text[language] || text.ru

type Props = {
  value: ContentTexts
  onChange: (value: ContentTexts) => void
  /** The server's messages by field and language (`title.en`). */
  errors: Record<string, string[]>
}

/**
 * A page's or a post's title, description and Markdown body, one language at a time, with a preview drawn by the
 * public pages' own Markdown component: what it shows is what visitors will read, raw HTML left out.
 */
export function LocalizedTexts({ value, onChange, errors }: Props) {
  const { t } = useLingui()
  const id = useId()
  const [language, setLanguage] = useState<ContentLocale>('ru')
  const [previewing, setPreviewing] = useState(false)
  const labels: Record<Field, string> = { title: t`Heading`, description: t`Description`, body: t`Text` }
  const limits: Record<Field, number> = {
    title: CONTENT_TITLE_MAX,
    description: CONTENT_DESCRIPTION_MAX,
    body: CONTENT_BODY_MAX,
  }
  const set = (field: Field, text: string) =>
    onChange({ ...value, [field]: { ...value[field], [language]: text } })
  const languageName = LOCALE_NAMES[language]
  const faulty = (other: ContentLocale) =>
    (['title', 'description', 'body'] as const).some((field) => errors[`${field}.${other}`])

  return (
    <div className="admin-texts">
      <div role="group" aria-label={t`Language of the text`} className="admin-languages">
        {CONTENT_LOCALES.map((other) => (
          <button
            key={other}
            type="button"
            lang={LANGUAGE_TAGS[other]}
            className="tabs__tab"
            aria-pressed={other === language}
            onClick={() => setLanguage(other)}
          >
            {LOCALE_NAMES[other]}
            {faulty(other) && <span aria-hidden="true"> !</span>}
          </button>
        ))}
      </div>
      <p className="form__hint">
        <Trans>A language left empty shows the Russian text.</Trans>
      </p>
      {(['title', 'description', 'body'] as const).map((field) => {
        const fieldId = `${id}-${field}-${language}`
        const error = errors[`${field}.${language}`]?.[0]
        const Input = field === 'title' ? 'input' : 'textarea'
        return (
          <div className="field" key={fieldId}>
            <label htmlFor={fieldId} className="field__label">
              {labels[field]} ({languageName})
            </label>
            <Input
              id={fieldId}
              className="field__input"
              value={value[field][language]}
              maxLength={limits[field]}
              required={field === 'title' && language === 'ru'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : field === 'body' ? `${id}-markdown` : undefined}
              {...(Input === 'textarea' && { rows: field === 'body' ? 12 : 3 })}
              onChange={(event) => set(field, event.target.value)}
            />
            {field === 'body' && (
              <p id={`${id}-markdown`} className="form__hint">
                <Trans>
                  Markdown: **bold**, *italics*, # heading, - list, [link](https://…). HTML is not shown.
                </Trans>
              </p>
            )}
            {error && (
              <p id={`${fieldId}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        )
      })}
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={previewing}
        onClick={() => setPreviewing(!previewing)}
      >
        <Trans>Preview</Trans>
      </button>
      {previewing && (
        <section className="admin-preview" aria-labelledby={`${id}-preview`} lang={LANGUAGE_TAGS[language]}>
          <p id={`${id}-preview`} className="admin-preview__label">
            <Trans>Preview: {languageName}</Trans>
          </p>
          <h2 className="screen__title">{shownIn(value.title, language)}</h2>
          {shownIn(value.description, language) && (
            <p className="screen__lead">{shownIn(value.description, language)}</p>
          )}
          <Markdown>{shownIn(value.body, language)}</Markdown>
        </section>
      )}
    </div>
  )
}
