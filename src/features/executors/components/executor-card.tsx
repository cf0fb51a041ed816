import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ExecutorCard as Card } from '#contract/schemas/specialists.ts'
import {
  Avatar,
  OnlineStatus,
  RatingSummary,
  useServicePrice,
  VerifiedBadge,
} from '#src/features/specialist-words/words.tsx'

/** Services a card lists before "and N more": the card stays short; the profile has them all. */
const SERVICES_SHOWN = 4
const THUMB_PX = 64

/**
 * One specialist in the list: who, how well rated, where, and the matching services with their prices. A promoted
 * card (shown above the list, docs/decisions/016-plan-features.md) says so; its ids differ from the same
 * specialist's card in the list below, where they may appear too.
 */
export function ExecutorCard({ executor, promoted = false }: { executor: Card; promoted?: boolean }) {
  const { t } = useLingui()
  const price = useServicePrice()
  const name = `${executor.name} ${executor.surname}`
  const shown = executor.services.slice(0, SERVICES_SHOWN)
  const more = executor.services.length - shown.length
  const discount = executor.discount_percent
  const titleId = `${promoted ? 'promoted' : 'executor'}-${executor.id}`
  return (
    <article
      className={promoted ? 'executor-card executor-card--promoted' : 'executor-card'}
      aria-labelledby={titleId}
    >
      <Avatar src={executor.avatar_thumb} name={name} size={THUMB_PX} />
      <div className="executor-card__body">
        <h2 className="executor-card__name" id={titleId}>
          <Link to="/profile/$slug" params={{ slug: executor.slug }}>
            {name}
          </Link>
        </h2>
        <p className="executor-card__line">
          {promoted && (
            <span className="promoted-tag">
              <Trans>Promoted</Trans>
            </span>
          )}
          <VerifiedBadge verification={executor.verification} />
          <RatingSummary rating={executor.rating} reviews={executor.reviews_count} />
          <OnlineStatus online={executor.is_online} lastSeenAt={null} />
          {discount > 0 && (
            <span className="discount-tag">
              <Trans>Discount {discount}%</Trans>
            </span>
          )}
        </p>
        {executor.districts.length > 0 && (
          <p className="executor-card__districts">
            <span className="visually-hidden">{t`Districts:`} </span>
            {executor.districts.join(', ')}
          </p>
        )}
        {shown.length > 0 && (
          <ul className="executor-card__services" aria-label={t`Services and prices`}>
            {shown.map((line) => (
              <li key={line.id}>
                <span>{line.service.name}</span>
                <span className="executor-card__price">{price(line)}</span>
              </li>
            ))}
            {more > 0 && (
              <li className="executor-card__more">
                <Trans>and {more} more</Trans>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  )
}
