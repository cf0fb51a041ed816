import * as v from 'valibot'
import { PhoneSchema } from './phone.ts'

export const DevSmsQuerySchema = v.object({ phone: PhoneSchema })
export const DevSmsResponseSchema = v.object({
  messages: v.array(
    v.object({ phone: v.string(), text: v.string(), code: v.string(), created_at: v.string() }),
  ),
})

export const DevTelegramQuerySchema = v.object({
  chat_id: v.pipe(v.string(), v.regex(/^-?\d{1,20}$/, 'invalid_request')),
})
export const DevTelegramResponseSchema = v.object({
  /** The app's address as Telegram would open it as a Mini App for this chat's user, signed by the dev bot. */
  mini_app: v.string(),
  messages: v.array(
    v.object({
      message_id: v.number(),
      text: v.string(),
      /** Every button under the message, row by row: an address, the Mini App's address, or a tap's data. */
      buttons: v.array(
        v.object({
          text: v.string(),
          url: v.optional(v.string()),
          web_app: v.optional(v.string()),
          callback_data: v.optional(v.string()),
        }),
      ),
      /** The message asks for the person's phone with Telegram's contact button. */
      asks_contact: v.boolean(),
    }),
  ),
})

/** What a Telegram user of the dev bot writes to it (a private chat whose id is the user's). */
export const DevTelegramMessageBodySchema = v.pipe(
  v.object({
    chat_id: v.pipe(
      v.number('invalid_request'),
      v.safeInteger('invalid_request'),
      v.minValue(1, 'invalid_request'),
      v.maxValue(1e15, 'invalid_request'),
    ),
    /** Exactly one of: a text, the person's own contact (their phone), or a tap on a button of the bot's messages. */
    text: v.optional(
      v.pipe(
        v.string('invalid_request'),
        v.minLength(1, 'invalid_request'),
        v.maxLength(4096, 'invalid_request'),
      ),
    ),
    contact_phone: v.optional(PhoneSchema),
    tap: v.optional(
      v.pipe(
        v.string('invalid_request'),
        v.minLength(1, 'invalid_request'),
        v.maxLength(64, 'invalid_request'),
      ),
    ),
    language_code: v.optional(v.pipe(v.string('invalid_request'), v.maxLength(35, 'invalid_request'))),
  }),
  v.check(
    (body) => [body.text, body.contact_phone, body.tap].filter((one) => one !== undefined).length === 1,
    'invalid_request',
  ),
)
export const DevTelegramMessageResponseSchema = v.object({ ok: v.boolean() })
