import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { BadgeCheck, Star } from 'lucide-react'
import { VERIFICATION } from '#contract/schemas/profile.ts'
import type { UserReview } from '#contract/schemas/specialists.ts'
import { usePriceText } from '#src/features/order-words/order-words.ts'
import { formatDate, formatDateTime, formatNumber, formatRating } from '#src/lib/format.ts'
import { loadSpecialistWordsCatalog } from './catalog.ts'
import { LANGUAGE_NAMES } from './languages.ts'
import './specialists.css'

// The list, the profile and the reviews word a specialist alike; these messages load with whichever comes first
// (docs/decisions/007).
await loadSpecialistWordsCatalog()

/** A language's name from its code; a code the list does not know (older, typed data) shows as it was kept. */
export function useLanguageName() {
  const { i18n } = useLingui()
  return (code: string) => {
    const name = (LANGUAGE_NAMES as Record<string, MessageDescriptor | undefined>)[code]
    return name ? i18n._(name) : code
  }
}

/** A service line's price in so'm: a range, "from", "up to", or by agreement (tiyin in, as the API sends). */
export function useServicePrice() {
  const priceText = usePriceText()
  return (line: { price_from: number | null; price_to: number | null }) =>
    priceText({ price: null, price_min: line.price_from, price_max: line.price_to })
}

/**
 * The photo (or the initials on a coloured circle); the name beside it says who it is, so it has no text. The
 * circle's size is a class, not a style attribute: the server's HTML carries no inline style (the CSP forbids it).
 */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: 64 | 112 }) {
  if (src) return <img className="specialist-avatar" src={src} alt="" width={size} height={size} />
  return (
    <span
      className={`specialist-avatar specialist-avatar--initials specialist-avatar--${size}`}
      aria-hidden="true"
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  )
}

/** "Verified": shown only for a specialist whose documents the moderators checked. */
export function VerifiedBadge({ verification }: { verification: number }) {
  if (verification !== VERIFICATION.verified) return null
  return (
    <span className="verified-badge">
      <BadgeCheck className="icon" aria-hidden="true" />
      <Trans>Verified</Trans>
    </span>
  )
}

/** The average rating and how many reviews it is made of; no reviews is said as such, not as a zero. */
export function RatingSummary({ rating, reviews }: { rating: number; reviews: number }) {
  const { t } = useLingui()
  const count = formatNumber(reviews)
  if (reviews === 0) {
    return (
      <span className="rating-summary">
        <Trans>No reviews yet</Trans>
      </span>
    )
  }
  const value = formatRating(rating)
  return (
    <span className="rating-summary">
      <span className="rating-summary__value" aria-label={t`Rating ${value} of 5`} role="img">
        <Star className="icon" aria-hidden="true" />
        {value}
      </span>
      <span>
        <Trans>Reviews: {count}</Trans>
      </span>
    </span>
  )
}

/** "Online" with a green dot, or when the specialist was last seen. */
export function OnlineStatus({ online, lastSeenAt }: { online: boolean; lastSeenAt: string | null }) {
  if (online) {
    return (
      <span className="online-status online-status--on">
        <Trans context="presence">Online</Trans>
      </span>
    )
  }
  if (!lastSeenAt) return null
  const when = formatDateTime(lastSeenAt)
  return (
    <span className="online-status">
      <Trans>Last seen {when}</Trans>
    </span>
  )
}

/** One review: its stars, the customer, the day, the service and the words. */
export function ReviewItem({ review }: { review: UserReview }) {
  const { t } = useLingui()
  const stars = review.rating
  const day = formatDate(review.created_at)
  return (
    <article className="review-item">
      <p className="review-item__head">
        <span className="review-item__stars" role="img" aria-label={t`Rated ${stars} of 5`}>
          {[1, 2, 3, 4, 5].map((n) => (
            <Star
              key={n}
              className={n <= stars ? 'icon review-item__star--on' : 'icon review-item__star'}
              aria-hidden="true"
            />
          ))}
        </span>
        <span className="review-item__author">{review.author}</span>
        <time dateTime={review.created_at}>{day}</time>
      </p>
      {review.service && <p className="review-item__service">{review.service.name}</p>}
      {review.comment && <p className="review-item__comment">{review.comment}</p>}
    </article>
  )
}
