import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Order, OrderPlace } from '#contract/schemas/orders.ts'
import { useOrderWords, usePriceText, useStateText } from '#src/features/order-words/order-words.ts'
import { formatDateTime, formatNumber } from '#src/lib/format.ts'

const placesOf = (order: Order): OrderPlace[] =>
  (['online', 'at_customer', 'at_executor'] as const).filter(
    (place) =>
      (place === 'online' && order.is_online) ||
      (place === 'at_customer' && order.at_customer) ||
      (place === 'at_executor' && order.at_executor),
  )

/** One order in a list: what, where, when, for how much, and how much interest it has drawn. */
export function OrderCard({ order, serviceName }: { order: Order; serviceName: string | undefined }) {
  const { t } = useLingui()
  const priceText = usePriceText()
  const { places } = useOrderWords()
  const stateText = useStateText()
  const start = order.started_at ? formatDateTime(order.started_at) : null
  const replies = formatNumber(order.replies_count)
  const views = formatNumber(order.views)
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}`}>
      <h2 className="order-card__name" id={`order-${order.id}`}>
        <Link to="/order/$orderId" params={{ orderId: String(order.id) }}>
          {order.name}
        </Link>
      </h2>
      <p className="order-card__price">{priceText(order)}</p>
      <dl className="order-card__facts">
        {serviceName && (
          <div>
            <dt>{t`Service`}</dt>
            <dd>{serviceName}</dd>
          </div>
        )}
        <div>
          <dt>{t`Place`}</dt>
          <dd>
            {placesOf(order)
              .map((place) => places[place])
              .join(', ')}
          </dd>
        </div>
        {order.address && (
          <div>
            <dt>{t`Address`}</dt>
            <dd>{order.address}</dd>
          </div>
        )}
        <div>
          <dt>{t`Date`}</dt>
          <dd>{start ? <time dateTime={order.started_at!}>{start}</time> : t`By agreement`}</dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`}>{stateText(order)}</span>
          </dd>
        </div>
      </dl>
      <p className="order-card__counts">
        <span>
          <Trans>Replies: {replies}</Trans>
        </span>
        <span>
          <Trans>Views: {views}</Trans>
        </span>
      </p>
    </article>
  )
}
