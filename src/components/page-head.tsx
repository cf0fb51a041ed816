import { useLocation } from '@tanstack/react-router'
import { DEFAULT_LOCALE, HREFLANG, LOCALES, currentLocale, type Locale } from '#src/lib/locale.ts'
import { useDocumentTitle } from './use-document-title.ts'

/**
 * The page's title, description, canonical address and its alternates in the other languages (React 19 hoists
 * these into <head>). The language lives in the session, so each alternate is the same address with `?lang=`.
 */
export function PageHead({ title, description }: { title: string; description?: string | undefined }) {
  useDocumentTitle(title)
  const pathname = useLocation({ select: (location) => location.pathname })
  const addressIn = (locale: Locale) =>
    `${window.location.origin}${pathname}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`
  return (
    <>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={addressIn(currentLocale())} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HREFLANG[locale]} href={addressIn(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={addressIn(DEFAULT_LOCALE)} />
    </>
  )
}
