import { currentLocale } from '#src/lib/locale.ts'
import { addressIn } from './page-head.tsx'

type SocialCardHeadProps = {
  title: string
  description?: string | undefined
  /** The page's one address, as its PageHead gives it. */
  canonicalPath: string
  /** The picture of the card; an address relative to the site is made absolute, as the crawlers need. */
  image: string | null
}

/**
 * The card a shared link shows (Open Graph, Twitter), beside the page's PageHead. Apart from it because only a
 * profile has one, and PageHead loads with the first screen (docs/decisions/018).
 */
export function SocialCardHead({ title, description, canonicalPath, image }: SocialCardHeadProps) {
  // As PageHead: the server wrote these tags into the HTML itself.
  if (import.meta.env.SSR) return null
  const canonical = addressIn(canonicalPath, currentLocale())
  const picture = image && new URL(image, window.location.origin).href
  return (
    <>
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content="Fika" />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={canonical} />
      <meta name="twitter:title" content={title} />
      {description && <meta name="twitter:description" content={description} />}
      {picture ? (
        <>
          <meta property="og:image" content={picture} />
          <meta name="twitter:card" content="summary_large_image" />
          <meta name="twitter:image" content={picture} />
        </>
      ) : (
        <meta name="twitter:card" content="summary" />
      )}
    </>
  )
}
