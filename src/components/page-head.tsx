import { useLocation } from '@tanstack/react-router'
import { DEFAULT_LOCALE, HREFLANG, LOCALES, currentLocale, type Locale } from '#src/lib/locale.ts'
import { useDocumentTitle } from './use-document-title.ts'

type PageHeadProps = {
  title: string
  description?: string | undefined
  /** The page's one address when several lead to it (a profile by id and by slug); the current path otherwise. */
  canonicalPath?: string | undefined
}

/** The address of a path in a language: the language lives in the session, so another one is `?lang=`. */
export const addressIn = (pathname: string, locale: Locale) =>
  `${window.location.origin}${pathname}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`

/**
 * The page's title, description, canonical address and its alternates in the other languages (React 19 hoists
 * these into <head>). A page with a picture for shared links adds `SocialCardHead` (social-card-head.tsx).
 */
export function PageHead({ title, description, canonicalPath }: PageHeadProps) {
  useDocumentTitle(title)
  const currentPath = useLocation({ select: (location) => location.pathname })
  // The server wrote the page's head into the HTML itself (server/modules/page-heads): a second copy would give a
  // crawler two canonicals.
  if (import.meta.env.SSR) return null
  const pathname = canonicalPath ?? currentPath
  return (
    <>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={addressIn(pathname, currentLocale())} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HREFLANG[locale]} href={addressIn(pathname, locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={addressIn(pathname, DEFAULT_LOCALE)} />
    </>
  )
}
