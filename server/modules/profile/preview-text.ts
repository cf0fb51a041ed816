import type { Locale } from '#server/i18n/locale.ts'

type Preview = {
  name: string
  services: string[]
  about: string | null
  rating: number
  reviewsCount: number
}

const SPECIALIST_ON_FIKA: Record<Locale, string> = {
  ru: 'специалист на Fika',
  oz: 'Fika mutaxassisi',
  uz: 'Fika мутахассиси',
  en: 'specialist on Fika',
}
const RATING: Record<Locale, (rating: string, count: number) => string> = {
  ru: (rating, count) => `Рейтинг ${rating}, отзывов: ${count}.`,
  oz: (rating, count) => `Reyting ${rating}, sharhlar: ${count}.`,
  uz: (rating, count) => `Рейтинг ${rating}, шарҳлар: ${count}.`,
  en: (rating, count) => `Rating ${rating}, reviews: ${count}.`,
}
const DESCRIPTION_MAX = 200

/** "Dilnoza Rahimova — Cleaning, Ironing" or "… — specialist on Fika". */
export const previewTitle = (preview: Preview, locale: Locale) =>
  `${preview.name} — ${preview.services.length > 0 ? preview.services.join(', ') : SPECIALIST_ON_FIKA[locale]}`

/** "Dilnoza Rahimova — specialist on Fika": the line a specialist shares their profile link with. */
export const shareText = (name: string, locale: Locale) => `${name} — ${SPECIALIST_ON_FIKA[locale]}`

/** The rating, then the start of "about", cut at a word. */
export function previewDescription(preview: Preview, locale: Locale) {
  const rating =
    preview.reviewsCount > 0 ? RATING[locale](preview.rating.toFixed(1), preview.reviewsCount) : ''
  const text = [rating, preview.about?.replace(/\s+/g, ' ').trim() ?? ''].filter(Boolean).join(' ')
  if (text.length <= DESCRIPTION_MAX) return text || `${preview.name}, ${SPECIALIST_ON_FIKA[locale]}`
  return `${text.slice(0, DESCRIPTION_MAX).replace(/\s+\S*$/, '')}…`
}
