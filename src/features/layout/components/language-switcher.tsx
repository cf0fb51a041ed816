import { useLingui } from '@lingui/react/macro'
import { GlobeIcon } from '#src/components/first-screen-icons.tsx'
import { useEffect, useId } from 'react'
import { stopEarlyLocaleChoice } from '#src/lib/early-locale-choice.ts'
import { HREFLANG, LOCALE_NAMES, LOCALES, currentLocale, switchLocale, type Locale } from '#src/lib/locale.ts'

/** What the closed switcher shows: two letters in the language's own script, so it fits a phone's header. */
const LOCALE_CODES: Record<Locale, string> = { ru: 'RU', oz: "O'Z", uz: 'ЎЗ', en: 'EN' }

/**
 * A native select (keyboard, screen readers and phones all know how to use it) laid transparently over a globe and
 * a short code: the list still names each language in full.
 */
export function LanguageSwitcher() {
  const { t } = useLingui()
  const id = useId()
  const locale = currentLocale()
  useEffect(stopEarlyLocaleChoice, [])
  return (
    <div className="language-switcher">
      <GlobeIcon />
      <span className="language-switcher__code" aria-hidden="true">
        {LOCALE_CODES[locale]}
      </span>
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={locale}
        onChange={(event) => switchLocale(event.target.value as Locale)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={HREFLANG[option]}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
