import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { LOCALE_NAMES, LOCALES, currentLocale, switchLocale, type Locale } from '#src/lib/locale.ts'

/** A native select: keyboard, screen readers and phones all know how to use it. */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(event) => switchLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option
            key={locale}
            value={locale}
            lang={locale === 'oz' ? 'uz-Latn' : locale === 'uz' ? 'uz-Cyrl' : locale}
          >
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
