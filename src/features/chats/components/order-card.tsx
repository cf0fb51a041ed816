import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ChatOrder } from '#contract/schemas/chats.ts'
import { usePriceText, useStateText } from '#src/features/order-words/order-words.ts'

/** The order the conversation is about: its name (a link to it), price and status. */
export function OrderCard({ order }: { order: ChatOrder }) {
  const priceText = usePriceText()
  const stateText = useStateText()
  return (
    <div className="conversation__order">
      <span className="conversation__order-label">
        <Trans>Order</Trans>
      </span>
      <Link to="/order/$orderId" params={{ orderId: String(order.id) }} className="conversation__order-name">
        {order.name}
      </Link>
      <span className="conversation__order-facts">
        {priceText(order)} ·{' '}
        {/* NOTE: the chat's order carries no executor: an inactive one reads as "replies paused". */}
        {stateText({ status: order.status, executor_id: null })}
      </span>
    </div>
  )
}
