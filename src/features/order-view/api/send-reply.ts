import type * as v from 'valibot'
import { orderEndpoints } from '#contract/order-endpoints.ts'
import type { ReplySchema } from '#contract/schemas/orders.ts'
import { onOutboxDelivered, pendingOutbox, sendOrQueue, type Delivery } from '#src/lib/outbox.ts'

export type Reply = v.InferOutput<typeof ReplySchema>
export type LateDelivery = { ok: boolean; data: unknown }

/** Sends a reply under the key of its intent, or leaves it in the outbox without a network. */
export const sendReply = (
  orderId: number,
  message: string,
  idempotencyKey: string,
): Promise<Delivery<Reply>> =>
  sendOrQueue<Reply>({
    kind: 'reply',
    endpoint: orderEndpoints.reply,
    params: { id: orderId },
    body: { message },
    idempotencyKey,
  })

/** Calls `listener` when the queued reply of this key reached the server (or was refused); answers the unsubscribe. */
export const onReplyDelivered = (idempotencyKey: string, listener: (delivery: LateDelivery) => void) =>
  onOutboxDelivered((event) => {
    if (event.kind === 'reply' && event.idempotencyKey === idempotencyKey) listener(event)
  })

/** Whether the reply of this key still waits in the outbox. */
export const isReplyWaiting = async (idempotencyKey: string) =>
  (await pendingOutbox()).some((entry) => entry.idempotencyKey === idempotencyKey)
