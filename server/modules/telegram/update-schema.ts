// What of a Telegram update the bot reads, checked the same way whether the webhook received it or polling did.
import * as v from 'valibot'
import type { TelegramUpdate } from './service.ts'

const Id = v.pipe(v.number(), v.safeInteger())
const From = v.object({ id: Id, language_code: v.optional(v.pipe(v.string(), v.maxLength(35))) })
/** What of an update the bot reads; the rest of what Telegram sends is not kept. */
const UpdateSchema = v.object({
  update_id: v.pipe(Id, v.minValue(0)),
  message: v.optional(
    v.object({
      text: v.optional(v.pipe(v.string(), v.maxLength(4096))),
      chat: v.object({ id: Id, type: v.pipe(v.string(), v.maxLength(32)) }),
      from: v.optional(From),
      contact: v.optional(
        v.object({ phone_number: v.pipe(v.string(), v.maxLength(32)), user_id: v.optional(Id) }),
      ),
    }),
  ),
  inline_query: v.optional(
    v.object({
      id: v.pipe(v.string(), v.maxLength(64)),
      from: From,
      query: v.pipe(v.string(), v.maxLength(256)),
      offset: v.pipe(v.string(), v.maxLength(64)),
    }),
  ),
  callback_query: v.optional(
    v.object({
      id: v.pipe(v.string(), v.maxLength(64)),
      from: From,
      data: v.optional(v.pipe(v.string(), v.maxLength(64))),
      message: v.optional(
        v.object({ message_id: Id, chat: v.object({ id: Id, type: v.pipe(v.string(), v.maxLength(32)) }) }),
      ),
    }),
  ),
})

/** The update's fields the bot reads, or undefined when the body is not an update. */
export function readUpdate(body: unknown): TelegramUpdate | undefined {
  const parsed = v.safeParse(UpdateSchema, body)
  if (!parsed.success) return undefined
  const { update_id, message, callback_query, inline_query } = parsed.output
  return {
    update_id,
    ...(message && { message }),
    ...(inline_query && { inline_query }),
    ...(callback_query && { callback_query }),
  }
}
