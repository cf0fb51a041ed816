import { useLocation } from '@tanstack/react-router'
import { DEFAULT_LOCALE, HREFLANG, LOCALES, currentLocale, type Locale } from '#src/lib/locale.ts'
import { useDocumentTitle } from './use-document-title.ts'

type PageHeadProps = {
  title: string
  description?: string | undefined
  /** The page's one address when several lead to it (a profile by id and by slug); the current path otherwise. */
  canonicalPath?: string | undefined
  /**
   * A picture for the card a shared link shows (Open Graph, Twitter): with it the page also gets its og:* and
   * twitter:* tags. An address relative to the site is made absolute, as the crawlers need.
   */
  image?: string | null | undefined
}

/**
 * The page's title, description, canonical address and its alternates in the other languages (React 19 hoists
 * these into <head>). The language lives in the session, so each alternate is the same address with `?lang=`.
 */
export function PageHead({ title, description, canonicalPath, image }: PageHeadProps) {
  useDocumentTitle(title)
  const currentPath = useLocation({ select: (location) => location.pathname })
  // The server wrote the page's head into the HTML itself (server/modules/page-heads): a second copy would give a
  // crawler two canonicals.
  if (import.meta.env.SSR) return null
  const pathname = canonicalPath ?? currentPath
  const addressIn = (locale: Locale) =>
    `${window.location.origin}${pathname}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`
  const canonical = addressIn(currentLocale())
  return (
    <>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={canonical} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HREFLANG[locale]} href={addressIn(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={addressIn(DEFAULT_LOCALE)} />
      {image !== undefined && (
        <>
          <meta property="og:type" content="profile" />
          <meta property="og:site_name" content="Fika" />
          <meta property="og:title" content={title} />
          {description && <meta property="og:description" content={description} />}
          <meta property="og:url" content={canonical} />
          <meta name="twitter:title" content={title} />
          {description && <meta name="twitter:description" content={description} />}
          {image ? (
            <>
              <meta property="og:image" content={new URL(image, window.location.origin).href} />
              <meta name="twitter:card" content="summary_large_image" />
              <meta name="twitter:image" content={new URL(image, window.location.origin).href} />
            </>
          ) : (
            <meta name="twitter:card" content="summary" />
          )}
        </>
      )}
    </>
  )
}
