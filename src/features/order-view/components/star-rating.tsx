import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { useRef, type KeyboardEvent } from 'react'

export const RATINGS = [1, 2, 3, 4, 5] as const
const MAX_RATING = RATINGS.length

type StarRatingProps = {
  /** 0 while none is chosen. */
  value: number
  onChange: (rating: number) => void
  labelledBy: string
  describedBy: string | undefined
  invalid: boolean
}

/**
 * The rating as one row of five stars: a radio group (one Tab stop; the arrow keys, Home and End choose, as with
 * native radios), each star named "N of 5" and filled up to the choice.
 */
export function StarRating({ value, onChange, labelledBy, describedBy, invalid }: StarRatingProps) {
  const { t } = useLingui()
  const stars = useRef<(HTMLButtonElement | null)[]>([])
  const choose = (rating: number) => {
    onChange(rating)
    stars.current[rating - 1]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, rating: number) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? rating === MAX_RATING
          ? 1
          : rating + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? rating === 1
            ? MAX_RATING
            : rating - 1
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? MAX_RATING
              : null
    if (next === null) return
    event.preventDefault()
    choose(next)
  }
  return (
    <div
      role="radiogroup"
      className="stars"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
    >
      {RATINGS.map((rating) => {
        const checked = rating === value
        return (
          <button
            key={rating}
            ref={(element) => {
              stars.current[rating - 1] = element
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t`${rating} of 5`}
            // One Tab stop: the chosen star, or the first while none is chosen.
            tabIndex={checked || (value === 0 && rating === 1) ? 0 : -1}
            className="stars__star"
            onClick={() => choose(rating)}
            onKeyDown={(event) => onKeyDown(event, rating)}
          >
            <Star aria-hidden="true" className={rating <= value ? 'star star--on' : 'star'} />
          </button>
        )
      })}
    </div>
  )
}

/** A given rating as five stars, filled up to it, read out as "Rating: 4 of 5". */
export function StarsShown({ rating }: { rating: number }) {
  const { t } = useLingui()
  return (
    <p className="review__rating">
      <span className="stars" aria-hidden="true">
        {RATINGS.map((star) => (
          <Star key={star} className={star <= rating ? 'star star--on' : 'star'} />
        ))}
      </span>
      <span className="visually-hidden">{t`Rating: ${rating} of 5`}</span>
    </p>
  )
}
