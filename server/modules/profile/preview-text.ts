import { serverText } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'

type Preview = {
  name: string
  services: string[]
  about: string | null
  rating: number
  reviewsCount: number
}

const SPECIALIST_ON_FIKA = /*i18n*/ { id: 'profile.specialist_on_fika', message: 'specialist on Fika' }
const RATING = /*i18n*/ { id: 'profile.rating', message: 'Rating {rating}, reviews: {count}.' }
/** "Rating 4.8, reviews: 12." in one pass over the template. */
const ratingLine = (locale: Locale, value: string, count: number) =>
  serverText(RATING, locale).replace(/\{(rating|count)\}/g, (_, name: string) =>
    name === 'rating' ? value : String(count),
  )
const DESCRIPTION_MAX = 200

/** "Dilnoza Rahimova — Cleaning, Ironing" or "… — specialist on Fika". */
export const previewTitle = (preview: Preview, locale: Locale) =>
  `${preview.name} — ${preview.services.length > 0 ? preview.services.join(', ') : serverText(SPECIALIST_ON_FIKA, locale)}`

/** "Dilnoza Rahimova — specialist on Fika": the line a specialist shares their profile link with. */
export const shareText = (name: string, locale: Locale) =>
  `${name} — ${serverText(SPECIALIST_ON_FIKA, locale)}`

/** The rating, then the start of "about", cut at a word. */
export function previewDescription(preview: Preview, locale: Locale) {
  const rating =
    preview.reviewsCount > 0 ? ratingLine(locale, preview.rating.toFixed(1), preview.reviewsCount) : ''
  const text = [rating, preview.about?.replace(/\s+/g, ' ').trim() ?? ''].filter(Boolean).join(' ')
  if (text.length <= DESCRIPTION_MAX)
    return text || `${preview.name}, ${serverText(SPECIALIST_ON_FIKA, locale)}`
  return `${text.slice(0, DESCRIPTION_MAX).replace(/\s+\S*$/, '')}…`
}
